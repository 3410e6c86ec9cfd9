// SPDX-License-Identifier: MIT
// ulid/qt.hpp: Qt 6 (QtCore) support for ulid::ulid and ulid::typed_id<Tag>, in the ways QUuid joins Qt.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on Qt. Tested with Qt 6.4 (Debian 12); C++17.

#ifndef ULID_QT_HPP
#define ULID_QT_HPP

#include <ulid/typeid.hpp>

#include <QtCore/QDataStream>
#include <QtCore/QDebug>
#include <QtCore/QHashFunctions>
#include <QtCore/QMetaType>
#include <QtCore/QString>
#include <QtCore/QStringView>
#include <QtCore/QUuid>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <system_error>

namespace ulid {

/// The 26-character text form as a QString. May throw std::bad_alloc, as
/// Qt's allocations do.
[[nodiscard]] inline QString to_qstring(const ulid& id) {
    const ulid_text text = id.encode();
    return QString::fromLatin1(text.data(), static_cast<qsizetype>(text.size()));
}

namespace detail {

/// The UTF-16 text as Latin-1 into `buffer` (size checked by the caller);
/// anything beyond ASCII becomes a character outside both alphabets, so the
/// parsers report it as errc::invalid_characters instead of reading a
/// truncated code unit as a digit.
inline std::string_view to_ascii(QStringView text, char* buffer) noexcept {
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        buffer[i] = c < 0x80 ? static_cast<char>(c) : '\x7F';
    }
    return {buffer, static_cast<std::size_t>(text.size())};
}

}  // namespace detail

/// parse() for Qt text: the 26-character form, either case. Errors as
/// parse(); non-ASCII characters are errc::invalid_characters. `out` is
/// unchanged on error. Never allocates or throws.
[[nodiscard]] inline std::error_code parse(QStringView text, ulid& out) noexcept {
    if (text.size() != static_cast<qsizetype>(encoded_size)) return errc::data_size;
    std::array<char, encoded_size> buffer{};
    return parse(detail::to_ascii(text, buffer.data()), out);
}

/// parse_any(text, out, form) for Qt text: the 26-character form or a UUID
/// in any spelling parse_uuid() reads, and `form` says which form it read,
/// on error too (explain(text, form) then says why). Errors as parse_any();
/// non-ASCII characters are errc::invalid_characters. `out` is unchanged on
/// error. Never allocates or throws.
[[nodiscard]] inline std::error_code parse_any(QStringView text, ulid& out, text_form& form) noexcept {
    // Text longer than every form is judged by its first uuid_max_size + 1
    // characters, which are too long for every form as well.
    std::array<char, detail::uuid_max_size + 1> buffer{};
    const qsizetype held =
        text.size() < static_cast<qsizetype>(buffer.size()) ? text.size() : static_cast<qsizetype>(buffer.size());
    return parse_any(detail::to_ascii(text.first(held), buffer.data()), out, form);
}

/// parse_any() for Qt text: parse_any(text, out, form) without the form.
[[nodiscard]] inline std::error_code parse_any(QStringView text, ulid& out) noexcept {
    text_form form = text_form::any;
    return parse_any(text, out, form);
}

/// Why `text` does not parse as `form`, as explain() says it, with the
/// offending character shown as Qt holds it (a non-ASCII one too) and
/// lengths and positions counted in UTF-16 code units, as QString::size()
/// counts them. Empty when `text` parses. May throw std::bad_alloc.
[[nodiscard]] inline QString explain(QStringView text, text_form form) {
    std::string ascii(static_cast<std::size_t>(text.size()), '\0');
    (void)detail::to_ascii(text, ascii.data());
    const std::string message = explain(std::string_view(ascii), form);
    // to_ascii() turned every non-ASCII character into '\x7f', which no form
    // allows: when the offending character is one of those, show the real one.
    const std::string_view shown = "'\\x7f'";
    const std::string_view where = " at position ";
    if (message.compare(0, shown.size(), shown) == 0 && message.compare(shown.size(), where.size(), where) == 0) {
        const auto position = static_cast<qsizetype>(std::stoul(message.substr(shown.size() + where.size()))) - 1;
        if (position >= 0 && position < text.size() && text[position].unicode() >= 0x80) {
            return QLatin1Char('\'') + text.mid(position, 1).toString() + QLatin1Char('\'') +
                   QString::fromStdString(message.substr(shown.size()));
        }
    }
    return QString::fromStdString(message);
}

/// explain(text, form) against the form `text` was most likely meant as,
/// as explain(std::string_view) judges it. May throw std::bad_alloc.
[[nodiscard]] inline QString explain(QStringView text) {
    std::string ascii(static_cast<std::size_t>(text.size()), '\0');
    (void)detail::to_ascii(text, ascii.data());
    return explain(text, detail::likely_form(ascii));
}

/// The same 128 bits as a QUuid (RFC 9562 byte order, as the UUID text
/// form). Never allocates or throws.
[[nodiscard]] inline QUuid to_quuid(const ulid& id) noexcept {
    const byte_array& b = id.bytes();
    const auto at = [&](std::size_t i, std::size_t n) {
        std::uint32_t v = 0;
        for (std::size_t k = 0; k < n; ++k) v = (v << 8U) | b[i + k];
        return v;
    };
    return QUuid(at(0, 4), static_cast<ushort>(at(4, 2)), static_cast<ushort>(at(6, 2)), b[8], b[9], b[10], b[11],
                 b[12], b[13], b[14], b[15]);
}

/// The ULID of a QUuid's 128 bits: to_quuid()'s inverse. Any QUuid maps to
/// a ULID (every 128-bit value is one). Never allocates or throws.
[[nodiscard]] inline ulid from_quuid(const QUuid& uuid) noexcept {
    byte_array b{};
    for (std::size_t k = 0; k < 4; ++k) b[k] = static_cast<std::uint8_t>(uuid.data1 >> (24U - 8U * k));
    b[4] = static_cast<std::uint8_t>(uuid.data2 >> 8U);
    b[5] = static_cast<std::uint8_t>(uuid.data2);
    b[6] = static_cast<std::uint8_t>(uuid.data3 >> 8U);
    b[7] = static_cast<std::uint8_t>(uuid.data3);
    for (std::size_t k = 0; k < 8; ++k) b[8 + k] = uuid.data4[k];
    return ulid::from_bytes(b);
}

/// For QHash and QSet: qHashBits over the 16 bytes with Qt's seed, as
/// qHash(QUuid) does. Never throws.
[[nodiscard]] inline size_t qHash(const ulid& id, size_t seed = 0) noexcept {
    return qHashBits(id.bytes().data(), binary_size, seed);
}

/// Writes the 16 bytes, big-endian whatever the stream's byte order (the
/// ULID's binary form); a failed write sets QDataStream::WriteFailed.
inline QDataStream& operator<<(QDataStream& stream, const ulid& id) {
    if (stream.writeRawData(reinterpret_cast<const char*>(id.bytes().data()), static_cast<int>(binary_size)) !=
        static_cast<int>(binary_size)) {
        stream.setStatus(QDataStream::WriteFailed);
    }
    return stream;
}

/// Reads 16 bytes. A short stream sets QDataStream::ReadPastEnd; a stream
/// already in error reads nothing. Either way `id` is unchanged.
inline QDataStream& operator>>(QDataStream& stream, ulid& id) {
    if (stream.status() != QDataStream::Ok) return stream;
    byte_array bytes{};
    if (stream.readRawData(reinterpret_cast<char*>(bytes.data()), static_cast<int>(binary_size)) !=
        static_cast<int>(binary_size)) {
        stream.setStatus(QDataStream::ReadPastEnd);
        return stream;
    }
    id = ulid::from_bytes(bytes);
    return stream;
}

/// qDebug() << id writes ulid(01ARZ3NDEKTSV4RRFFQ69G5FAV).
inline QDebug operator<<(QDebug debug, const ulid& id) {
    const QDebugStateSaver saver(debug);
    const ulid_text text = id.encode();
    debug.nospace().noquote() << "ulid(" << QLatin1String(text.data(), static_cast<qsizetype>(text.size())) << ')';
    return debug;
}

/// Registers the ulid -> QString converter with QMetaType, so that
/// QVariant::fromValue(id).toString() gives the text form (QString -> ulid
/// is ulid::parse: a converter could not report bad text in Qt 6.4).
/// Including this header already does it, before main(); calling it again
/// does nothing and returns true. Thread-safe.
inline bool register_qt_converters() {
    static const bool registered = QMetaType::registerConverter<ulid, QString>(&to_qstring);
    return registered;
}

namespace detail {
// Without the converter QVariant::toString() would be silently empty.
inline const bool qt_converters_registered = register_qt_converters();
}  // namespace detail

// ---------------------------------------------------------------------------
// typed_id<Tag>: its TypeID text where Qt shows text, the ID's 16 bytes in
// QDataStream (as a ulid: the stream's record is the type).

/// The TypeID ("user_01h455vb4pex5vsknk084sn02q") as a QString. May throw
/// std::bad_alloc.
template <class Tag>
[[nodiscard]] QString to_qstring(const typed_id<Tag>& id) {
    const auto text = id.encode();
    return QString::fromLatin1(text.data(), static_cast<qsizetype>(text.size()));
}

/// parse(text, typed_id&) for Qt text: a TypeID with Tag's prefix, lower
/// case only. Errors as parse(std::string_view, typed_id&): another type's
/// ID (or none) is errc::wrong_prefix; non-ASCII characters are
/// errc::invalid_characters. `out` is unchanged on error. Never allocates or
/// throws.
template <class Tag>
[[nodiscard]] std::error_code parse(QStringView text, typed_id<Tag>& out) noexcept {
    // Longer text than any TypeID is judged by its first type_id_max_size +
    // 1 characters, which are too long as well.
    std::array<char, type_id_max_size + 1> buffer{};
    const qsizetype held =
        text.size() < static_cast<qsizetype>(buffer.size()) ? text.size() : static_cast<qsizetype>(buffer.size());
    return parse(detail::to_ascii(text.first(held), buffer.data()), out);
}

/// Why `text` is no TypeID with `expected_prefix` (empty: none), as
/// explain_type_id() says it ("prefix 'user' where 'order' was expected");
/// empty when it is one. Non-ASCII characters count as one UTF-16 unit each
/// and are reported by position. May throw std::bad_alloc.
[[nodiscard]] inline QString explain_type_id(QStringView text, std::string_view expected_prefix) {
    std::string ascii(static_cast<std::size_t>(text.size()), '\0');
    (void)detail::to_ascii(text, ascii.data());
    return QString::fromStdString(explain_type_id(std::string_view(ascii), expected_prefix));
}

/// For QHash and QSet: qHash of the ID, as for a ulid.
template <class Tag>
[[nodiscard]] size_t qHash(const typed_id<Tag>& id, size_t seed = 0) noexcept {
    return qHash(id.id(), seed);
}

/// Writes the ID's 16 bytes, as for a ulid.
template <class Tag>
QDataStream& operator<<(QDataStream& stream, const typed_id<Tag>& id) {
    return stream << id.id();
}

/// Reads 16 bytes, as for a ulid; on a short stream or one in error `id` is
/// unchanged.
template <class Tag>
QDataStream& operator>>(QDataStream& stream, typed_id<Tag>& id) {
    ulid read = id.id();
    stream >> read;
    id = typed_id<Tag>(read);
    return stream;
}

/// qDebug() << id writes typed_id(user_01h455vb4pex5vsknk084sn02q).
template <class Tag>
QDebug operator<<(QDebug debug, const typed_id<Tag>& id) {
    const QDebugStateSaver saver(debug);
    const auto text = id.encode();
    debug.nospace().noquote() << "typed_id(" << QLatin1String(text.data(), static_cast<qsizetype>(text.size())) << ')';
    return debug;
}

}  // namespace ulid

/// typed_id<Tag> in QVariant and QMetaType, as Q_DECLARE_METATYPE would
/// declare it (which a template cannot use): Qt calls this when it first
/// registers the type (QVariant::fromValue() does), and it registers the
/// typed_id -> QString converter then, so that QVariant::toString() gives the
/// TypeID. QString -> typed_id is ulid::parse, as for ulid.
template <class Tag>
struct QMetaTypeId<ulid::typed_id<Tag>> {
    enum { Defined = 1 };
    static int qt_metatype_id() {
        static const int id = [] {
            const int registered = QMetaType::fromType<ulid::typed_id<Tag>>().id();
            QMetaType::registerConverter<ulid::typed_id<Tag>, QString>(
                [](const ulid::typed_id<Tag>& value) { return ulid::to_qstring(value); });
            return registered;
        }();
        return id;
    }
};

// ulid::ulid in QVariant and QMetaType (queued connections, models, QSettings
// through QDataStream); ==, <, QDataStream and QDebug come from the operators.
// Done here, once: a second Q_DECLARE_METATYPE(ulid::ulid) in user code is a
// redefinition error.
Q_DECLARE_METATYPE(ulid::ulid)

#endif  // ULID_QT_HPP
