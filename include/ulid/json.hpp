// SPDX-License-Identifier: MIT
// ulid/json.hpp: nlohmann/json support for ulid::ulid and TypeIDs.
//
// Optional glue, kept out of ulid.hpp so that the core header never depends
// on nlohmann/json. Tested with nlohmann/json 3.11 (Debian 12); C++17.

#ifndef ULID_JSON_HPP
#define ULID_JSON_HPP

#include <ulid/typeid.hpp>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <utility>

namespace ulid {

namespace detail {

// The text of a JSON string, or type_error 302 naming what was expected
// (`what`: "a ULID", "a TypeID"), as nlohmann/json's own conversions report.
template <class BasicJsonType>
std::string_view json_text(const BasicJsonType& j, const char* what) {
    using string_t = typename BasicJsonType::string_t;
    const string_t* text = j.template get_ptr<const string_t*>();
    if (text == nullptr) {
        throw BasicJsonType::type_error::create(
            302, std::string("type must be string (") + what + "), but is " + j.type_name(), &j);
    }
    return {text->data(), text->size()};
}

}  // namespace detail

/// json j = id stores the 26-character text form as a JSON string. May throw
/// std::bad_alloc, as any JSON string does.
template <class BasicJsonType>
void to_json(BasicJsonType& j, const ulid& id) {
    const ulid_text text = id.encode();
    j = typename BasicJsonType::string_t(text.data(), text.size());
}

/// j.get<ulid::ulid>() reads what parse_any() accepts: the 26-character text
/// in either case, or the 36-character UUID form. Anything else throws
/// BasicJsonType::type_error (id 302, as nlohmann/json's own conversions do)
/// whose message says why (explain()); `id` is then unchanged.
template <class BasicJsonType>
void from_json(const BasicJsonType& j, ulid& id) {
    const std::string_view view = detail::json_text(j, "a ULID");
    if (parse_any(view, id)) {
        throw BasicJsonType::type_error::create(302, "invalid ULID: " + explain(view, text_form::any), &j);
    }
}

/// json j = id stores the TypeID's text ("user_01h455vb4pex5vsknk084sn02q")
/// as a JSON string. May throw std::bad_alloc.
template <class BasicJsonType, class Tag>
void to_json(BasicJsonType& j, const typed_id<Tag>& id) {
    const auto text = id.encode();
    j = typename BasicJsonType::string_t(text.data(), text.size());
}

/// j.get<ulid::typed_id<Tag>>() reads a TypeID with Tag's prefix (as
/// parse(text, out)); anything else, a bare ULID or another type's ID
/// included, throws BasicJsonType::type_error (id 302) whose message says
/// why in the library's words (explain_type_id(), naming both prefixes for
/// another type's ID, then the errc's message, as ulid::error's what());
/// `id` is then unchanged.
template <class BasicJsonType, class Tag>
void from_json(const BasicJsonType& j, typed_id<Tag>& id) {
    const std::string_view view = detail::json_text(j, "a TypeID");
    if (const std::error_code ec = parse(view, id)) {
        throw BasicJsonType::type_error::create(
            302, "invalid TypeID: " + explain_type_id(view, typed_id<Tag>::prefix()) + ": " + ec.message(), &j);
    }
}

/// json j = id stores the TypeID's text as a JSON string, as for typed_id.
template <class BasicJsonType>
void to_json(BasicJsonType& j, const type_id& id) {
    const type_id_text text = id.encode();
    j = typename BasicJsonType::string_t(text.data(), text.size());
}

/// j.get<ulid::type_id>() reads a TypeID with any prefix (parse_type_id());
/// anything else throws type_error 302 saying why; `id` is then unchanged.
template <class BasicJsonType>
void from_json(const BasicJsonType& j, type_id& id) {
    const std::string_view view = detail::json_text(j, "a TypeID");
    if (parse_type_id(view, id)) {
        throw BasicJsonType::type_error::create(302, "invalid TypeID: " + explain(view, text_form::type_id), &j);
    }
}

namespace detail {

// Maps keyed by ULIDs or typed_ids are JSON objects keyed by the text form,
// as maps keyed by strings are (nlohmann/json would otherwise write an array
// of pairs).
template <class BasicJsonType, class Map>
void map_to_json(BasicJsonType& j, const Map& map) {
    j = BasicJsonType::object();
    for (const auto& [key, value] : map) {
        const auto text = key.encode();
        j[typename BasicJsonType::string_t(text.data(), text.size())] = value;
    }
}

template <class BasicJsonType, class Map>
void map_from_json(const BasicJsonType& j, Map& map) {
    if (!j.is_object()) {
        throw BasicJsonType::type_error::create(
            302, std::string("type must be object (keyed by ULIDs), but is ") + j.type_name(), &j);
    }
    Map result;
    for (auto it = j.begin(); it != j.end(); ++it) {
        typename Map::key_type key;
        from_json(BasicJsonType(it.key()), key);
        // Two spellings of one ULID (upper and lower case, or text and UUID
        // form) are distinct JSON keys but one map key: refuse rather than
        // keep one value and drop the other.
        if (!result.emplace(key, it.value().template get<typename Map::mapped_type>()).second) {
            throw BasicJsonType::type_error::create(302,
                                                    "duplicate ULID key: \"" +
                                                        std::string(it.key().begin(), it.key().end()) +
                                                        "\" names the same ULID as an earlier key",
                                                    &j);
        }
    }
    map = std::move(result);
}

}  // namespace detail
}  // namespace ulid

namespace nlohmann {

/// std::map<ulid::ulid, T> is a JSON object whose keys are the text forms;
/// reading throws type_error for a non-object, a key that is not a ULID or
/// two keys that spell the same ULID, and then leaves the map unchanged.
template <class T, class Compare, class Allocator>
struct adl_serializer<std::map<ulid::ulid, T, Compare, Allocator>> {
    template <class BasicJsonType>
    static void to_json(BasicJsonType& j, const std::map<ulid::ulid, T, Compare, Allocator>& map) {
        ulid::detail::map_to_json(j, map);
    }
    template <class BasicJsonType>
    static void from_json(const BasicJsonType& j, std::map<ulid::ulid, T, Compare, Allocator>& map) {
        ulid::detail::map_from_json(j, map);
    }
};

/// std::unordered_map<ulid::ulid, T>: as std::map.
template <class T, class Hash, class KeyEqual, class Allocator>
struct adl_serializer<std::unordered_map<ulid::ulid, T, Hash, KeyEqual, Allocator>> {
    template <class BasicJsonType>
    static void to_json(BasicJsonType& j, const std::unordered_map<ulid::ulid, T, Hash, KeyEqual, Allocator>& map) {
        ulid::detail::map_to_json(j, map);
    }
    template <class BasicJsonType>
    static void from_json(const BasicJsonType& j, std::unordered_map<ulid::ulid, T, Hash, KeyEqual, Allocator>& map) {
        ulid::detail::map_from_json(j, map);
    }
};

/// std::map<ulid::typed_id<Tag>, T>: a JSON object keyed by the TypeIDs;
/// reading throws type_error for a non-object or a key that is no TypeID
/// with Tag's prefix, and then leaves the map unchanged.
template <class Tag, class T, class Compare, class Allocator>
struct adl_serializer<std::map<ulid::typed_id<Tag>, T, Compare, Allocator>> {
    template <class BasicJsonType>
    static void to_json(BasicJsonType& j, const std::map<ulid::typed_id<Tag>, T, Compare, Allocator>& map) {
        ulid::detail::map_to_json(j, map);
    }
    template <class BasicJsonType>
    static void from_json(const BasicJsonType& j, std::map<ulid::typed_id<Tag>, T, Compare, Allocator>& map) {
        ulid::detail::map_from_json(j, map);
    }
};

/// std::unordered_map<ulid::typed_id<Tag>, T>: as std::map.
template <class Tag, class T, class Hash, class KeyEqual, class Allocator>
struct adl_serializer<std::unordered_map<ulid::typed_id<Tag>, T, Hash, KeyEqual, Allocator>> {
    template <class BasicJsonType>
    static void to_json(BasicJsonType& j,
                        const std::unordered_map<ulid::typed_id<Tag>, T, Hash, KeyEqual, Allocator>& map) {
        ulid::detail::map_to_json(j, map);
    }
    template <class BasicJsonType>
    static void from_json(const BasicJsonType& j,
                          std::unordered_map<ulid::typed_id<Tag>, T, Hash, KeyEqual, Allocator>& map) {
        ulid::detail::map_from_json(j, map);
    }
};

}  // namespace nlohmann

#endif  // ULID_JSON_HPP
