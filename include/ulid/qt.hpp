// SPDX-License-Identifier: MIT
// ulid/qt.hpp: Qt 6 (QtCore) support for ulid::ulid, in the ways QUuid joins Qt.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on Qt. Tested with Qt 6.4 (Debian 12); C++17.

#ifndef ULID_QT_HPP
#define ULID_QT_HPP

#include <ulid/ulid.hpp>

#include <QtCore/QDataStream>
#include <QtCore/QDebug>
#include <QtCore/QHashFunctions>
#include <QtCore/QMetaType>
#include <QtCore/QString>
#include <QtCore/QStringView>
#include <array>
#include <cstddef>
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

/// parse_any() for Qt text: the 26-character or the 36-character UUID form.
/// Errors as parse(QStringView, out).
[[nodiscard]] inline std::error_code parse_any(QStringView text, ulid& out) noexcept {
    if (text.size() != static_cast<qsizetype>(encoded_size) && text.size() != static_cast<qsizetype>(uuid_size)) {
        return errc::data_size;
    }
    std::array<char, uuid_size> buffer{};
    return parse_any(detail::to_ascii(text, buffer.data()), out);
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
/// is ulid::parse: a converter could not report bad text in Qt 6.4). Call
/// once, e.g. in main(); later calls do nothing. Thread-safe.
inline bool register_qt_converters() {
    static const bool registered = QMetaType::registerConverter<ulid, QString>(&to_qstring);
    return registered;
}

}  // namespace ulid

/// ulid::ulid in QVariant and QMetaType (queued connections, models, QSettings
/// through QDataStream); ==, <, QDataStream and QDebug come from the operators.
Q_DECLARE_METATYPE(ulid::ulid)

#endif  // ULID_QT_HPP
