// Qt 6 (QtCore) support from <ulid/qt.hpp>.
#include "catch.hpp"

#include <ulid/qt.hpp>
#include <ulid/ulid.hpp>

#include <QtCore/QBuffer>
#include <QtCore/QByteArray>
#include <QtCore/QDataStream>
#include <QtCore/QDebug>
#include <QtCore/QHash>
#include <QtCore/QMap>
#include <QtCore/QSet>
#include <QtCore/QString>
#include <QtCore/QUuid>
#include <QtCore/QVariant>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

const ulid::ulid sample = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");

}  // namespace

TEST_CASE("to_qstring writes the text form; parse(QStringView) reads it back", "[qt]") {
    CHECK(ulid::to_qstring(sample) == QStringLiteral("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    CHECK(ulid::to_qstring(ulid::ulid::max()) == QStringLiteral("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"));
    for (int i = 0; i < 100; ++i) {
        const ulid::ulid id = ulid::make();
        ulid::ulid back;
        REQUIRE_FALSE(ulid::parse(ulid::to_qstring(id), back));
        CHECK(back == id);
    }
    ulid::ulid id;
    CHECK_FALSE(ulid::parse(QStringLiteral("01arz3ndektsv4rrffq69g5fav"), id));
    CHECK(id == sample);
    id = ulid::ulid{};
    CHECK_FALSE(ulid::parse_any(QString::fromStdString(sample.to_uuid_string()), id));
    CHECK(id == sample);
    // The other UUID spellings, as parse_any(std::string_view) reads them.
    for (const char* spelling : {"{01563e3a-b5d3-d676-4c61-efb99302bd5b}", "01563e3ab5d3d6764c61efb99302bd5b",
                                 "{0156-3e3a-b5d3-d676-4c61-efb9-9302-bd5b}"}) {
        id = ulid::ulid{};
        CHECK_FALSE(ulid::parse_any(QString::fromLatin1(spelling), id));
        CHECK(id == sample);
    }
    CHECK(ulid::parse_any(QStringLiteral("{0156-3e3a-b5d3-d676-4c61-efb9-9302-bd5b0}"), id) == ulid::errc::data_size);
}

TEST_CASE("parse_any(QStringView, out, form) says which form it read, as parse_any(std::string_view) does", "[qt]") {
    ulid::ulid id;
    ulid::text_form form = ulid::text_form::any;
    REQUIRE_FALSE(ulid::parse_any(QStringLiteral("01arz3ndektsv4rrffq69g5fav"), id, form));
    CHECK(form == ulid::text_form::ulid);
    CHECK(id == sample);
    REQUIRE_FALSE(ulid::parse_any(QStringLiteral("{01563e3ab5d3d6764c61efb99302bd5b}"), id, form));
    CHECK(form == ulid::text_form::uuid);
    CHECK(id == sample);
    QString bad = QStringLiteral("01ARZ3NDEKTSV4RRFFQ69G5FAU");
    CHECK(ulid::parse_any(bad, id, form) == ulid::errc::invalid_characters);
    CHECK(form == ulid::text_form::ulid);
    CHECK(ulid::explain(bad, form) == QStringLiteral("'U' at position 26 is not a Crockford base32 character"));
    // Every length, including ones longer than any form, as the std::string_view call.
    std::string text;
    for (int n = 0; n <= 100; ++n, text += '0') {
        ulid::text_form expected = ulid::text_form::any;
        ulid::ulid a;
        ulid::ulid b;
        CHECK(ulid::parse_any(QString::fromStdString(text), a, form) == ulid::parse_any(text, b, expected));
        CHECK(form == expected);
        CHECK(a == b);
    }
    CHECK(id == sample);
}

TEST_CASE("parse(QStringView) reports errors as parse() does; non-ASCII is invalid, not truncated", "[qt]") {
    ulid::ulid id = sample;
    CHECK(ulid::parse(QStringView(), id) == ulid::errc::data_size);
    CHECK(ulid::parse(QStringLiteral("01ARZ3NDEKTSV4RRFFQ69G5FA"), id) == ulid::errc::data_size);
    CHECK(ulid::parse(QStringLiteral("01ARZ3NDEKTSV4RRFFQ69G5FAU"), id) == ulid::errc::invalid_characters);
    CHECK(ulid::parse(QStringLiteral("81ARZ3NDEKTSV4RRFFQ69G5FAV"), id) == ulid::errc::overflow);
    // U+0130 and U+FF10 end in the byte of an ASCII digit or letter: they
    // must not be read as '0' or as anything else.
    QString tricky = QStringLiteral("01ARZ3NDEKTSV4RRFFQ69G5FAV");
    tricky[5] = QChar(0x0133);  // low byte '3'
    CHECK(ulid::parse(tricky, id) == ulid::errc::invalid_characters);
    tricky[5] = QChar(0xFF10);  // fullwidth digit zero
    CHECK(ulid::parse(tricky, id) == ulid::errc::invalid_characters);
    tricky[5] = QChar(0x00B3);  // Latin-1, above ASCII
    CHECK(ulid::parse(tricky, id) == ulid::errc::invalid_characters);
    CHECK(ulid::parse_any(QStringLiteral("not a ulid"), id) == ulid::errc::data_size);
    QString uuid = QString::fromStdString(sample.to_uuid_string());
    uuid[0] = QChar(0x0130);
    CHECK(ulid::parse_any(uuid, id) == ulid::errc::invalid_characters);
    CHECK(id == sample);
}

TEST_CASE("ulids key QHash and QSet through qHash, seeded like Qt's own", "[qt]") {
    CHECK(qHash(sample, 0) == qHashBits(sample.bytes().data(), 16, 0));
    CHECK(qHash(sample, 1) != qHash(sample, 2));
    CHECK(qHash(sample, 7) == qHash(ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV"), 7));
    QHash<ulid::ulid, int> hash;
    QSet<ulid::ulid> set;
    for (int i = 0; i < 1000; ++i) {
        const ulid::ulid id = ulid::make();
        hash.insert(id, i);
        set.insert(id);
    }
    hash.insert(sample, -1);
    CHECK(hash.size() == 1001);
    CHECK(set.size() == 1000);
    CHECK(hash.value(sample) == -1);
    CHECK_FALSE(set.contains(sample));
}

TEST_CASE("QDataStream writes the 16 raw bytes and reads them back", "[qt]") {
    QByteArray bytes;
    {
        QDataStream out(&bytes, QIODevice::WriteOnly);
        out.setByteOrder(QDataStream::LittleEndian);  // the binary form is big-endian regardless
        out << sample << ulid::ulid::max();
        CHECK(out.status() == QDataStream::Ok);
    }
    REQUIRE(bytes.size() == 32);
    for (int i = 0; i < 16; ++i)
        CHECK(static_cast<std::uint8_t>(bytes[i]) == sample.bytes()[static_cast<std::size_t>(i)]);

    QDataStream in(bytes);
    ulid::ulid a;
    ulid::ulid b;
    in >> a >> b;
    CHECK(in.status() == QDataStream::Ok);
    CHECK(a == sample);
    CHECK(b == ulid::ulid::max());
}

TEST_CASE("a short QDataStream sets ReadPastEnd and leaves the ulid unchanged", "[qt]") {
    const QByteArray bytes(10, '\x01');
    QDataStream in(bytes);
    ulid::ulid id = sample;
    in >> id;
    CHECK(in.status() == QDataStream::ReadPastEnd);
    CHECK(id == sample);
    // Once in error, further reads do nothing.
    QByteArray full(16, '\x02');
    QDataStream failed(full);
    failed.setStatus(QDataStream::ReadCorruptData);
    failed >> id;
    CHECK(id == sample);
    CHECK(failed.status() == QDataStream::ReadCorruptData);

    QBuffer closed;  // a device that is not open: the write fails
    QDataStream out(&closed);
    out << sample;
    CHECK(out.status() == QDataStream::WriteFailed);
}

TEST_CASE("QDebug prints ulid(text)", "[qt]") {
    QString text;
    QDebug(&text) << sample;
    CHECK(text.trimmed().toStdString() == "ulid(01ARZ3NDEKTSV4RRFFQ69G5FAV)");
    text.clear();
    QDebug(&text) << 1 << sample << 2 << QStringLiteral("quoted");  // spacing and quoting are restored
    CHECK(text.trimmed().toStdString() == "1 ulid(01ARZ3NDEKTSV4RRFFQ69G5FAV) 2 \"quoted\"");
}

TEST_CASE("QVariant::toString() gives the text without any registration call", "[qt]") {
    // No register_qt_converters() before this: including <ulid/qt.hpp> did it.
    const QVariant v = QVariant::fromValue(sample);
    CHECK(v.canConvert<QString>());
    CHECK(v.toString() == QStringLiteral("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
}

TEST_CASE("explain(QStringView) counts and shows characters as Qt holds them", "[qt]") {
    // 26 UTF-16 units ending in U+00E9: in UTF-8 it would be 27 bytes.
    const QString accented = QStringLiteral("01ARZ3NDEKTSV4RRFFQ69G5FA") + QChar(0x00E9);
    CHECK(ulid::explain(accented).toStdString() == "'\xC3\xA9' at position 26 is not a Crockford base32 character");
    CHECK(ulid::explain(QStringLiteral("01ARZ3NDEKTSV4RRFFQ69G5FAU")).toStdString() ==
          std::string("'U' at position 26 is not a Crockford base32 character"));
    // A real DEL is shown escaped, as explain() shows it, not replaced.
    const QString del = QStringLiteral("01ARZ3NDEKTSV4RRFFQ69G5FA") + QChar(0x7F);
    CHECK(ulid::explain(del).toStdString() ==
          std::string("'\\x7f' at position 26 is not a Crockford base32 character"));
    CHECK(ulid::explain(QStringLiteral("short")).toStdString() == "got 5 characters, expected 26");
    const QString uuid = QStringLiteral("01563df3-6481-d676-4c61-efb99302bd5") + QChar(0x00E9);
    CHECK(ulid::explain(uuid, ulid::text_form::uuid).toStdString() ==
          "'\xC3\xA9' at position 36 is not a hexadecimal digit");
    CHECK(ulid::explain(QStringLiteral("01ARZ3NDEKTSV4RRFFQ69G5FAV")).isEmpty());
    // Without a form, the likely one, as explain(std::string_view) judges it.
    CHECK(ulid::explain(uuid).toStdString() == "'\xC3\xA9' at position 36 is not a hexadecimal digit");
    CHECK(ulid::explain(QStringLiteral("user_01h455vb4pex5vsknk084sn02Q")).toStdString() ==
          ulid::explain("user_01h455vb4pex5vsknk084sn02Q", ulid::text_form::type_id));
}

TEST_CASE("QUuid holds the same 128 bits", "[qt]") {
    const QUuid q = ulid::to_quuid(sample);
    const ulid::uuid_text text = sample.encode_uuid();
    CHECK(q.toString(QUuid::WithoutBraces) == QString::fromLatin1(text.data(), static_cast<qsizetype>(text.size())));
    CHECK(q.toRfc4122() ==
          QByteArray(reinterpret_cast<const char*>(sample.bytes().data()), static_cast<qsizetype>(ulid::binary_size)));
    CHECK(ulid::from_quuid(q) == sample);
    for (int i = 0; i < 1000; ++i) {
        const QUuid random = QUuid::createUuid();
        CHECK(ulid::to_quuid(ulid::from_quuid(random)) == random);
        const ulid::ulid id = ulid::make_v7();
        CHECK(ulid::to_quuid(id).variant() == QUuid::DCE);
        CHECK(ulid::from_quuid(ulid::to_quuid(id)) == id);
    }
    CHECK(ulid::to_quuid(ulid::ulid::nil()).isNull());
    CHECK(ulid::from_quuid(QUuid()) == ulid::ulid::nil());
}

TEST_CASE("QVariant and QMetaType hold ulids", "[qt]") {
    const QVariant v = QVariant::fromValue(sample);
    CHECK(v.metaType() == QMetaType::fromType<ulid::ulid>());
    CHECK(v.value<ulid::ulid>() == sample);
    CHECK(v == QVariant::fromValue(ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV")));
    CHECK(QVariant::compare(v, QVariant::fromValue(ulid::ulid::max())) == QPartialOrdering::Less);
    CHECK(QMetaType::fromType<ulid::ulid>().hasRegisteredDataStreamOperators());
    CHECK(QMetaType::fromType<ulid::ulid>().hasRegisteredDebugStreamOperator());

    // A QVariant streams through QDataStream with the ulid inside.
    QByteArray bytes;
    {
        QDataStream out(&bytes, QIODevice::WriteOnly);
        out << v;
    }
    QDataStream in(bytes);
    QVariant back;
    in >> back;
    CHECK(back.value<ulid::ulid>() == sample);

    CHECK(ulid::register_qt_converters());
    CHECK(ulid::register_qt_converters());  // a second call is harmless
    CHECK(v.toString() == QStringLiteral("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    CHECK(v.canConvert<QString>());
}

namespace {

struct order_tag {
    static constexpr std::string_view prefix = "order";
};
using order_id = ulid::typed_id<order_tag>;

const order_id sample_order(sample);

}  // namespace

TEST_CASE("a typed_id is a QString of its TypeID and parses back strictly", "[qt][typeid]") {
    CHECK(ulid::to_qstring(sample_order) == QStringLiteral("order_01arz3ndektsv4rrffq69g5fav"));
    order_id id;
    REQUIRE_FALSE(ulid::parse(QStringLiteral("order_01arz3ndektsv4rrffq69g5fav"), id));
    CHECK(id == sample_order);
    for (int i = 0; i < 50; ++i) {
        const order_id made = order_id::make();
        REQUIRE_FALSE(ulid::parse(ulid::to_qstring(made), id));
        CHECK(id == made);
    }
    id = sample_order;
    // Another type's ID, or none: wrong_prefix, in the library's words.
    const QString user = QStringLiteral("user_01arz3ndektsv4rrffq69g5fav");
    CHECK(ulid::parse(user, id) == ulid::errc::wrong_prefix);
    CHECK(ulid::explain_type_id(user, order_id::prefix()).toStdString() ==
          ulid::explain_type_id("user_01arz3ndektsv4rrffq69g5fav", "order"));
    CHECK(ulid::explain_type_id(user, order_id::prefix()) ==
          QStringLiteral("prefix 'user' where 'order' was expected"));
    CHECK(ulid::parse(QStringLiteral("01arz3ndektsv4rrffq69g5fav"), id) == ulid::errc::wrong_prefix);
    CHECK(ulid::parse(QStringLiteral("order_01ARZ3NDEKTSV4RRFFQ69G5FAV"), id) == ulid::errc::invalid_characters);
    QString accented = QStringLiteral("order_01arz3ndektsv4rrffq69g5fav");
    accented[10] = QChar(0x0133);  // low byte '3': not read as a digit
    CHECK(ulid::parse(accented, id) == ulid::errc::invalid_characters);
    CHECK(ulid::parse(QString(200, QLatin1Char('a')), id) == ulid::parse(std::string(200, 'a'), id));
    CHECK(ulid::explain_type_id(ulid::to_qstring(sample_order), order_id::prefix()).isEmpty());
    CHECK(id == sample_order);
}

TEST_CASE("a typed_id in QHash, QDataStream, QDebug and QVariant", "[qt][typeid]") {
    CHECK(qHash(sample_order, 7) == qHash(sample, 7));
    QSet<order_id> set{sample_order, order_id(), sample_order};
    CHECK(set.size() == 2);

    QByteArray bytes;
    {
        QDataStream out(&bytes, QIODevice::WriteOnly);
        out << sample_order;
    }
    REQUIRE(bytes.size() == 16);  // the ID's bytes, as for a ulid
    CHECK(bytes == QByteArray(reinterpret_cast<const char*>(sample.bytes().data()), 16));
    QDataStream in(bytes);
    order_id back;
    in >> back;
    CHECK(back == sample_order);
    QDataStream short_in(QByteArray(10, '\x01'));
    short_in >> back;
    CHECK(short_in.status() == QDataStream::ReadPastEnd);
    CHECK(back == sample_order);

    QString text;
    QDebug(&text) << 1 << sample_order << QStringLiteral("quoted");
    CHECK(text.trimmed().toStdString() == "1 typed_id(order_01arz3ndektsv4rrffq69g5fav) \"quoted\"");

    const QVariant v = QVariant::fromValue(sample_order);
    CHECK(v.value<order_id>() == sample_order);
    CHECK(v.canConvert<QString>());
    CHECK(v.toString() == QStringLiteral("order_01arz3ndektsv4rrffq69g5fav"));
    CHECK(v == QVariant::fromValue(order_id(sample)));
    CHECK(QMetaType::fromType<order_id>().hasRegisteredDataStreamOperators());
    QByteArray variant_bytes;
    {
        QDataStream out(&variant_bytes, QIODevice::WriteOnly);
        out << v;
    }
    QDataStream variant_in(variant_bytes);
    QVariant variant_back;
    variant_in >> variant_back;
    CHECK(variant_back.value<order_id>() == sample_order);
}
