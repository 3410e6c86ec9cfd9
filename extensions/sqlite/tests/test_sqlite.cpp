// The SQLite extension through the real SQLite library: each test opens an
// in-memory database, loads the built module by path (ULID_SQLITE_MODULE,
// given by CMake) with sqlite3_load_extension(), and runs SQL.
#include "catch.hpp"
#include "os_faults.hpp"
#include "uuid_spellings.hpp"

#include <ulid/ulid.hpp>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <sqlite3.h>

#if !defined(_WIN32)
#include <sys/wait.h>
#include <unistd.h>
#endif

#ifndef ULID_SQLITE_MODULE
#error "ULID_SQLITE_MODULE must name the built extension module"
#endif

namespace {

using bytes = std::vector<unsigned char>;

/// A known ULID and its other forms, worked out independently (Python's
/// uuid module over the base32 value), from the ULID specification's example.
constexpr std::string_view known_text = "01ARYZ6S41TSV4RRFFQ69G5FAV";
constexpr std::string_view known_uuid = "01563df3-6481-d676-4c61-efb99302bd5b";
constexpr std::string_view known_hex = "01563DF36481D6764C61EFB99302BD5B";
constexpr std::int64_t known_ms = 1469918176385;
constexpr std::string_view known_datetime = "2016-07-30T22:36:16.385Z";

constexpr std::int64_t max_ms = (std::int64_t{1} << 48) - 1;

std::string library_message(ulid::errc e) { return ulid::error_message(e); }

bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

/// One in-memory database with the extension loaded.
class database {
public:
    database() {
        REQUIRE(sqlite3_open(":memory:", &db_) == SQLITE_OK);
        // Enables sqlite3_load_extension() only, not the SQL load_extension().
        REQUIRE(sqlite3_db_config(db_, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1, nullptr) == SQLITE_OK);
        char* error = nullptr;
        const int rc = sqlite3_load_extension(db_, ULID_SQLITE_MODULE, nullptr, &error);
        const std::string message = error != nullptr ? error : "";
        sqlite3_free(error);
        INFO("loading " << ULID_SQLITE_MODULE << ": " << message);
        REQUIRE(rc == SQLITE_OK);
    }
    ~database() { sqlite3_close(db_); }
    database(const database&) = delete;
    database& operator=(const database&) = delete;

    [[nodiscard]] sqlite3* handle() const { return db_; }

    /// Runs statements that return no rows; fails the test on error.
    void exec(const std::string& sql) {
        char* error = nullptr;
        const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
        const std::string message = error != nullptr ? error : "";
        sqlite3_free(error);
        INFO(sql << ": " << message);
        REQUIRE(rc == SQLITE_OK);
    }

    /// The error message of a statement that must fail (in prepare or step).
    [[nodiscard]] std::string error(const std::string& sql) {
        char* error = nullptr;
        const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
        const std::string message = error != nullptr ? error : "";
        sqlite3_free(error);
        INFO(sql << " succeeded but must fail");
        REQUIRE(rc != SQLITE_OK);
        return message;
    }

    /// Every row of the first column, each as a value.
    struct value {
        int type = SQLITE_NULL;
        std::string text;  // TEXT, or the decimal INTEGER
        bytes blob;
        std::int64_t integer = 0;
    };

    [[nodiscard]] std::vector<value> column(const std::string& sql) { return column_at(sql, 0); }

    [[nodiscard]] std::vector<value> column_at(const std::string& sql, int index) {
        sqlite3_stmt* stmt = nullptr;
        INFO(sql << ": " << sqlite3_errmsg(db_));
        REQUIRE(sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
        std::vector<value> rows;
        int rc = SQLITE_ROW;
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            value v;
            v.type = sqlite3_column_type(stmt, index);
            if (v.type == SQLITE_BLOB) {
                const auto* data = static_cast<const unsigned char*>(sqlite3_column_blob(stmt, index));
                v.blob.assign(data, data + sqlite3_column_bytes(stmt, index));
            } else if (v.type != SQLITE_NULL) {
                v.integer = sqlite3_column_int64(stmt, index);
                const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, index));
                v.text.assign(text, static_cast<std::size_t>(sqlite3_column_bytes(stmt, index)));
            }
            rows.push_back(std::move(v));
        }
        const std::string message = sqlite3_errmsg(db_);
        sqlite3_finalize(stmt);
        INFO(sql << ": " << message);
        REQUIRE(rc == SQLITE_DONE);
        return rows;
    }

    /// The single value of a one-row, one-column query.
    [[nodiscard]] value one(const std::string& sql) {
        std::vector<value> rows = column(sql);
        INFO(sql);
        REQUIRE(rows.size() == 1);
        return rows.front();
    }

    [[nodiscard]] std::string text(const std::string& sql) {
        const value v = one(sql);
        INFO(sql);
        REQUIRE(v.type == SQLITE_TEXT);
        return v.text;
    }

    [[nodiscard]] bytes blob(const std::string& sql) {
        const value v = one(sql);
        INFO(sql);
        REQUIRE(v.type == SQLITE_BLOB);
        return v.blob;
    }

    [[nodiscard]] std::int64_t integer(const std::string& sql) {
        const value v = one(sql);
        INFO(sql);
        REQUIRE(v.type == SQLITE_INTEGER);
        return v.integer;
    }

    [[nodiscard]] bool is_null(const std::string& sql) { return one(sql).type == SQLITE_NULL; }

    /// The detail column of EXPLAIN QUERY PLAN for `sql`, rows joined by "; ".
    [[nodiscard]] std::string plan(const std::string& sql) {
        std::string details;
        for (const value& row : column_at("EXPLAIN QUERY PLAN " + sql, 3)) {
            if (!details.empty()) details += "; ";
            details += row.text;
        }
        return details;
    }

private:
    sqlite3* db_ = nullptr;
};

std::string quote(std::string_view text) { return "'" + std::string(text) + "'"; }

ulid::ulid parsed(std::string_view text) {
    ulid::ulid id;
    INFO(text);
    REQUIRE_FALSE(ulid::parse(text, id));
    return id;
}

ulid::ulid from_blob(const bytes& blob) {
    ulid::ulid id;
    REQUIRE_FALSE(ulid::ulid::from_bytes(blob.data(), blob.size(), id));
    return id;
}

std::string hex(const bytes& blob) {
    static constexpr std::string_view digits = "0123456789ABCDEF";
    std::string out;
    for (unsigned char b : blob) {
        out += digits[b >> 4U];
        out += digits[b & 0x0FU];
    }
    return out;
}

/// The functions that take one ID argument.
const std::vector<std::string> id_functions = {"ulid_ms", "ulid_datetime", "ulid_to_uuid", "ulid_to_bytes",
                                               "ulid_from_bytes"};

}  // namespace

TEST_CASE("the module loads by path, with the entry point derived from the file name or given") {
    database db;  // derived: sqlite3_ulid_init from "ulid.so"
    CHECK(db.integer("SELECT ulid_valid(ulid())") == 1);

    sqlite3* other = nullptr;
    REQUIRE(sqlite3_open(":memory:", &other) == SQLITE_OK);
    REQUIRE(sqlite3_db_config(other, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1, nullptr) == SQLITE_OK);
    char* error = nullptr;
    CHECK(sqlite3_load_extension(other, ULID_SQLITE_MODULE, "sqlite3_ulid_init", &error) == SQLITE_OK);
    sqlite3_free(error);
    sqlite3_close(other);
}

TEST_CASE("ulid() returns 26-character text of the current time") {
    database db;
    const std::uint64_t before = ulid::now();
    const std::string text = db.text("SELECT ulid()");
    const std::uint64_t after = ulid::now();
    REQUIRE(text.size() == 26);
    const ulid::ulid id = parsed(text);
    CHECK(id.to_string() == text);  // canonical: upper case
    CHECK(id.time() >= before);
    CHECK(id.time() <= after);
}

TEST_CASE("ulid_bytes() returns a 16-byte blob of the current time") {
    database db;
    const std::uint64_t before = ulid::now();
    const bytes blob = db.blob("SELECT ulid_bytes()");
    const std::uint64_t after = ulid::now();
    REQUIRE(blob.size() == 16);
    const ulid::ulid id = from_blob(blob);
    CHECK(id.time() >= before);
    CHECK(id.time() <= after);
}

TEST_CASE("generators are strictly increasing within a statement, across statements and across connections") {
    database a;
    database b;

    SECTION("10000 rows of one statement, ulid() and ulid_bytes() interleaved") {
        const auto rows = a.column(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000) "
            "SELECT CASE i % 2 WHEN 0 THEN ulid() ELSE ulid_from_bytes(ulid_bytes()) END FROM n");
        REQUIRE(rows.size() == 10000);
        for (std::size_t i = 1; i < rows.size(); ++i) {
            INFO(i << ": " << rows[i - 1].text << " then " << rows[i].text);
            REQUIRE(parsed(rows[i - 1].text) < parsed(rows[i].text));
        }
    }

    SECTION("statements on two connections, alternating") {
        ulid::ulid last;
        for (int i = 0; i < 2000; ++i) {
            database& db = i % 2 == 0 ? a : b;
            const ulid::ulid id =
                i % 3 == 0 ? from_blob(db.blob("SELECT ulid_bytes()")) : parsed(db.text("SELECT ulid()"));
            INFO(i);
            REQUIRE(last < id);
            last = id;
        }
    }
}

TEST_CASE("the sequence survives closing every connection (the module stays loaded)") {
    // SQLite unloads an extension when the connection that loaded it closes;
    // reloaded, a fresh generator would start over at random within the
    // current millisecond. No other connection is open here.
    ulid::ulid last;
    for (int i = 0; i < 100; ++i) {
        database fresh;
        const ulid::ulid id = parsed(fresh.text("SELECT ulid()"));
        INFO(i);
        REQUIRE(last < id);
        last = id;
    }
}

TEST_CASE("ulid_v7() and ulid_v7_bytes() return increasing ULIDs that are RFC 9562 UUIDv7") {
    database db;
    const auto text = db.column(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) "
        "SELECT ulid_v7() FROM n");
    REQUIRE(text.size() == 500);
    ulid::ulid previous;
    for (const auto& row : text) {
        REQUIRE(row.type == SQLITE_TEXT);
        const ulid::ulid id = parsed(row.text);
        REQUIRE(id.is_uuidv7());
        REQUIRE(previous < id);
        previous = id;
    }
    const auto blobs = db.column("SELECT ulid_v7_bytes()");
    REQUIRE(blobs.size() == 1);
    REQUIRE(blobs[0].type == SQLITE_BLOB);
    REQUIRE(blobs[0].blob.size() == 16);
    ulid::ulid from_blob;
    REQUIRE_FALSE(ulid::ulid::from_bytes(blobs[0].blob.data(), blobs[0].blob.size(), from_blob));
    REQUIRE(from_blob.is_uuidv7());
    REQUIRE(previous < from_blob);
    // ulid_to_uuid() shows the version nibble 7 and the variant.
    const auto uuid = db.column("SELECT ulid_to_uuid(ulid_v7())");
    REQUIRE(uuid[0].text.substr(14, 1) == "7");
    REQUIRE(std::string("89ab").find(uuid[0].text[19]) != std::string::npos);
}

#if defined(ULID_TEST_SECCOMP)
TEST_CASE("the generators are SQL errors, not an abort of the host, when the OS gives no randomness", "[seccomp]") {
    // In a child process whose getrandom fails with EIO (final: no fallback
    // to /dev/urandom), where every generator must rekey after the fork.
    database db;
    const std::string expected =
        std::string(": cannot generate a ULID: ") + library_message(ulid::errc::entropy_failure);
    const std::vector<std::pair<std::string, std::string>> calls = {
        {"SELECT ulid()", "ulid"},
        {"SELECT ulid_bytes()", "ulid_bytes"},
        {"SELECT ulid_v7()", "ulid_v7"},
        {"SELECT ulid_v7_bytes()", "ulid_v7_bytes"},
        {"SELECT typeid('user')", "typeid"},
        {"SELECT ulid_with_time(5)", "ulid_with_time"},
        {"SELECT ulid_v7_with_time(5)", "ulid_v7_with_time"},
        {"SELECT typeid_with_time('user', 5)", "typeid_with_time"},
    };
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        // The child: no Catch2 here, only the SQLite calls and _exit.
        test::os_faults f;
        f.getrandom_error = EIO;
        if (!test::install(f)) _exit(2);
        for (std::size_t i = 0; i < calls.size(); ++i) {
            char* error = nullptr;
            const int rc = sqlite3_exec(db.handle(), calls[i].first.c_str(), nullptr, nullptr, &error);
            const std::string message = error != nullptr ? error : "";
            sqlite3_free(error);
            if (rc == SQLITE_OK || message != calls[i].second + expected) _exit(static_cast<int>(10 + i));
        }
        _exit(0);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));  // not killed by an abort
    const int code = WEXITSTATUS(status);
    INFO("exit code " << code
                      << (code >= 10 ? ": wrong result of " + calls.at(static_cast<std::size_t>(code - 10)).first
                                     : std::string()));
    CHECK(code == 0);
}
#endif

TEST_CASE("ulid_observe(id): later generated IDs are greater; one beyond the skew bound is refused") {
    database db;
    const std::uint64_t now = ulid::now();
    // The last ID of the current millisecond (classic and UUIDv7), as another
    // machine would send it: only the next millisecond is above it. As text
    // and as a blob.
    const ulid::ulid classic_top = ulid::ulid::from_high_low((now << 16U) | 0xFFFFU, ~std::uint64_t{0});
    const ulid::ulid v7_top = ulid::ulid::from_high_low((now << 16U) | 0x7FFFU, ~(std::uint64_t{1} << 62U));
    CHECK(db.is_null("SELECT ulid_observe(" + quote(classic_top.encode().str()) + ")"));
    CHECK(parsed(db.text("SELECT ulid()")) > classic_top);
    CHECK(from_blob(db.blob("SELECT ulid_bytes()")) > classic_top);
    CHECK(db.is_null("SELECT ulid_observe(X'" + hex(bytes(v7_top.bytes().begin(), v7_top.bytes().end())) + "')"));
    CHECK(parsed(db.text("SELECT ulid_v7()")) > v7_top);
    CHECK(from_blob(db.blob("SELECT ulid_v7_bytes()")) > v7_top);
    CHECK(db.is_null("SELECT ulid_observe(NULL)"));

    // Beyond the bound (500 ms; the year 3000): an error saying how far
    // ahead, and the sequence stays at the clock.
    for (const std::uint64_t ms : {now + 5000, std::uint64_t{32503680000000}}) {
        const ulid::ulid far = ulid::ulid::from_high_low(ms << 16U, 0);
        const std::string message = db.error("SELECT ulid_observe(" + quote(far.encode().str()) + ")");
        INFO(message);
        CHECK(contains(message, "ulid_observe: " + far.encode().str() + " is "));
        CHECK(contains(message, " ms ahead of this machine's clock, more than the 500 ms allowed (clock skew)"));
    }
    CHECK(parsed(db.text("SELECT ulid()")).time() <= ulid::now() + 1);
    CHECK(parsed(db.text("SELECT ulid_v7()")).time() <= ulid::now() + 1);
    CHECK(contains(db.error("SELECT ulid_observe('not an id')"), "ulid_observe: invalid ULID 'not an id'"));
    CHECK(contains(db.error("SELECT ulid_observe(42)"), "ulid_observe: invalid ULID (an integer)"));
}

#if !defined(_WIN32)
TEST_CASE("ulid_observe(): an ID from a clock 300 ms ahead orders every later ID after it") {
    // In a child process, since it moves the module's sequence 300 ms ahead.
    const ulid::ulid ahead = ulid::ulid::from_high_low(((ulid::now() + 300) << 16U) | 0x1234U, 0);
    const std::string observe = "SELECT ulid_observe(" + quote(ahead.encode().str()) + ")";
    database db;
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        // The child: no Catch2 here, only the SQLite calls and _exit.
        const auto first_text = [&db](const char* sql, std::string& out) {
            sqlite3_stmt* stmt = nullptr;
            bool ok = sqlite3_prepare_v2(db.handle(), sql, -1, &stmt, nullptr) == SQLITE_OK &&
                      sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_type(stmt, 0) == SQLITE_TEXT;
            if (ok) out.assign(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
            sqlite3_finalize(stmt);
            return ok;
        };
        if (sqlite3_exec(db.handle(), observe.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) _exit(2);
        for (const char* sql : {"SELECT ulid()", "SELECT ulid_v7()"}) {
            std::string text;
            ulid::ulid id;
            if (!first_text(sql, text) || ulid::parse(text, id)) _exit(3);
            if (!(ahead < id)) _exit(4);
        }
        _exit(0);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
}
#endif

TEST_CASE("ulid_with_time() does not disturb the sequence of ulid()") {
    // Sharing ulid()'s generator would reseed it at another millisecond, and
    // the next ulid() in the current millisecond would then be random: below
    // the previous one half of the time.
    database db;
    ulid::ulid last = parsed(db.text("SELECT ulid()"));
    for (int i = 0; i < 300; ++i) {
        const std::string far = db.text("SELECT ulid_with_time(" + std::to_string(i % 2 == 0 ? 0 : max_ms) + ")");
        CHECK(parsed(far).time() == (i % 2 == 0 ? 0U : static_cast<std::uint64_t>(max_ms)));
        const ulid::ulid id = parsed(db.text("SELECT ulid()"));
        INFO(i);
        REQUIRE(last < id);
        last = id;
    }
}

TEST_CASE("threads with their own connections get unique ULIDs, increasing within each thread") {
    constexpr int threads = 4;
    constexpr int per_thread = 2000;
    std::vector<std::vector<std::string>> results(threads);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&results, t] {
            sqlite3* db = nullptr;
            if (sqlite3_open(":memory:", &db) != SQLITE_OK) return;
            sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1, nullptr);
            if (sqlite3_load_extension(db, ULID_SQLITE_MODULE, nullptr, nullptr) == SQLITE_OK) {
                sqlite3_stmt* stmt = nullptr;
                sqlite3_prepare_v2(db, "SELECT ulid()", -1, &stmt, nullptr);
                for (int i = 0; i < per_thread && stmt != nullptr; ++i) {
                    if (sqlite3_step(stmt) != SQLITE_ROW) break;
                    results[static_cast<std::size_t>(t)].emplace_back(
                        reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
                    sqlite3_reset(stmt);
                }
                sqlite3_finalize(stmt);
            }
            sqlite3_close(db);
        });
    }
    for (std::thread& w : workers) w.join();
    std::set<std::string> all;
    for (const auto& r : results) {
        REQUIRE(r.size() == static_cast<std::size_t>(per_thread));
        for (std::size_t i = 1; i < r.size(); ++i) REQUIRE(parsed(r[i - 1]) < parsed(r[i]));
        all.insert(r.begin(), r.end());
    }
    CHECK(all.size() == static_cast<std::size_t>(threads * per_thread));
}

#if !defined(_WIN32)
TEST_CASE("a forked child does not repeat the parent's entropy") {
    // Both continue from the same state in the same millisecond: without the
    // module's fork handler they would draw the same increment and return
    // the same ULID.
    database db;
    const std::string at = "SELECT ulid_with_time(" + std::to_string(known_ms) + ")";
    const std::string first = db.text(at);
    std::array<int, 2> pipe_fds{};
    REQUIRE(pipe(pipe_fds.data()) == 0);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        // The child: no Catch2 here, only the SQLite calls and _exit.
        close(pipe_fds[0]);
        sqlite3_stmt* stmt = nullptr;
        int status = 1;
        if (sqlite3_prepare_v2(db.handle(), at.c_str(), -1, &stmt, nullptr) == SQLITE_OK &&
            sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_bytes(stmt, 0) == 26 &&
            write(pipe_fds[1], sqlite3_column_text(stmt, 0), 26) == 26) {
            status = 0;
        }
        _exit(status);
    }
    close(pipe_fds[1]);
    std::array<char, 26> child{};
    std::size_t got = 0;
    while (got < child.size()) {
        const ssize_t n = read(pipe_fds[0], child.data() + got, child.size() - got);
        if (n <= 0) break;
        got += static_cast<std::size_t>(n);
    }
    close(pipe_fds[0]);
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    REQUIRE(got == child.size());
    const std::string parent = db.text(at);
    const std::string child_text(child.data(), child.size());
    INFO("parent " << parent << ", child " << child_text);
    CHECK(parsed(first) < parsed(parent));  // the parent's own sequence goes on
    CHECK(parent != child_text);
    CHECK(parsed(child_text).entropy() != parsed(parent).entropy());
}

TEST_CASE("a forked child's ulid_with_time() never waits for a lock another thread held at the fork") {
    // The module keeps its own locked generator for ulid_with_time(); a
    // thread is inside it most of the time, so many forks land while it
    // holds the lock. Each child calls it under an alarm. SQLite's own
    // memory-statistics mutex (taken by every allocation) would hang a child
    // too, which is SQLite's matter, not the module's: it is turned off here.
    REQUIRE(sqlite3_shutdown() == SQLITE_OK);
    REQUIRE(sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK);
    REQUIRE(sqlite3_initialize() == SQLITE_OK);
    database busy_db;
    database db;
    const std::string at = "SELECT ulid_with_time(" + std::to_string(known_ms) + ")";
    sqlite3_stmt* busy_stmt = nullptr;
    REQUIRE(sqlite3_prepare_v2(busy_db.handle(), at.c_str(), -1, &busy_stmt, nullptr) == SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    REQUIRE(sqlite3_prepare_v2(db.handle(), at.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
    std::atomic<bool> stop{false};
    std::atomic<long> laps{0};
    std::thread busy([&] {
        while (!stop.load(std::memory_order_relaxed)) {
            (void)sqlite3_step(busy_stmt);
            (void)sqlite3_reset(busy_stmt);
            laps.fetch_add(1, std::memory_order_relaxed);
        }
    });
    while (laps.load() < 100) std::this_thread::yield();
    int stuck = 0;
    constexpr int forks = 150;
    for (int i = 0; i < forks; ++i) {
        const pid_t pid = fork();
        if (pid == 0) {
            alarm(5);  // a hang ends as SIGALRM
            const bool ok = sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_bytes(stmt, 0) == 26;
            _exit(ok ? 0 : 1);
        }
        int status = 0;
        if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) ++stuck;
    }
    stop.store(true);
    busy.join();
    sqlite3_finalize(busy_stmt);
    sqlite3_finalize(stmt);
    CHECK(stuck == 0);
}
#endif

TEST_CASE("blobs sort in creation order, and so does canonical text") {
    database db;
    db.exec("CREATE TABLE b(seq INTEGER PRIMARY KEY, id BLOB NOT NULL)");
    db.exec("CREATE TABLE t(seq INTEGER PRIMARY KEY, id TEXT NOT NULL)");
    constexpr int count = 3000;
    // One statement per row, as an application inserts.
    for (int i = 1; i <= count; ++i) {
        db.exec("INSERT INTO b(seq, id) VALUES (" + std::to_string(i) + ", ulid_bytes())");
        db.exec("INSERT INTO t(seq, id) VALUES (" + std::to_string(i) + ", ulid())");
    }
    for (const std::string table : {"b", "t"}) {
        const auto rows = db.column("SELECT seq FROM " + table + " ORDER BY id");
        REQUIRE(rows.size() == static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i) {
            INFO(table << " row " << i);
            REQUIRE(rows[static_cast<std::size_t>(i)].integer == i + 1);
        }
    }
    // The blob is the library's big-endian binary form.
    const auto pairs = db.column("SELECT count(*) FROM b WHERE ulid_to_bytes(ulid_from_bytes(id)) = id");
    CHECK(pairs.front().integer == count);
}

TEST_CASE("ulid_with_time(ms) makes a ULID at that millisecond") {
    database db;
    CHECK(db.integer("SELECT ulid_ms(ulid_with_time(" + std::to_string(known_ms) + "))") == known_ms);
    CHECK(db.text("SELECT ulid_datetime(ulid_with_time(" + std::to_string(known_ms) + "))") == known_datetime);
    CHECK(db.integer("SELECT ulid_ms(ulid_with_time(0))") == 0);
    CHECK(db.integer("SELECT ulid_ms(ulid_with_time(" + std::to_string(max_ms) + "))") == max_ms);
    CHECK(db.text("SELECT typeof(ulid_with_time(1))") == "text");
    CHECK(db.integer("SELECT ulid_ms(ulid_with_time(CAST(1.0 AS INTEGER) * 5))") == 5);

    SECTION("consecutive calls with the same millisecond increase") {
        const auto rows = db.column(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) "
            "SELECT ulid_with_time(1469918176385) FROM n");
        REQUIRE(rows.size() == 1000);
        for (std::size_t i = 1; i < rows.size(); ++i) REQUIRE(parsed(rows[i - 1].text) < parsed(rows[i].text));
    }

    SECTION("the entropy is random, not zero") {
        std::set<std::string> entropies;
        for (int i = 0; i < 20; ++i) {
            // Alternating milliseconds: each call draws fresh entropy.
            entropies.insert(db.text("SELECT substr(ulid_with_time(" + std::to_string(1000 + i % 2) + "), 11)"));
        }
        CHECK(entropies.size() == 20);
        CHECK(entropies.count("0000000000000000") == 0);
    }

    SECTION("invalid times are errors") {
        // PostgreSQL's words for its timestamptz forms (gen_ulid(timestamptz),
        // ulid_lower_bound()).
        CHECK(db.error("SELECT ulid_with_time(-1)") ==
              "ulid_with_time: timestamp -1 out of range for type ulid: ULIDs start at 1970-01-01 00:00:00 UTC");
        CHECK(db.error("SELECT ulid_with_time(" + std::to_string(max_ms + 1) + ")") ==
              "ulid_with_time: timestamp 281474976710656 out of range for type ulid: " +
                  library_message(ulid::errc::big_time));
        CHECK(db.error("SELECT ulid_with_time(9223372036854775807)") ==
              "ulid_with_time: timestamp 9223372036854775807 out of range for type ulid: " +
                  library_message(ulid::errc::big_time));
        CHECK(db.error("SELECT ulid_with_time(-9223372036854775808)") ==
              "ulid_with_time: timestamp -9223372036854775808 out of range for type ulid: ULIDs start at "
              "1970-01-01 00:00:00 UTC");
        CHECK(db.error("SELECT ulid_with_time(1.5)") ==
              "ulid_with_time: the time must be an integer number of Unix milliseconds, not a real number");
        CHECK(db.error("SELECT ulid_with_time(1.0)") ==
              "ulid_with_time: the time must be an integer number of Unix milliseconds, not a real number");
        CHECK(db.error("SELECT ulid_with_time('1469918176385')") ==
              "ulid_with_time: the time must be an integer number of Unix milliseconds, not text");
        CHECK(db.error("SELECT ulid_with_time(x'00')") ==
              "ulid_with_time: the time must be an integer number of Unix milliseconds, not a blob");
        CHECK(contains(db.error("SELECT ulid_with_time()"), "wrong number of arguments"));
        CHECK(contains(db.error("SELECT ulid(1)"), "wrong number of arguments"));
        CHECK(contains(db.error("SELECT ulid_bytes(1)"), "wrong number of arguments"));
    }
}

TEST_CASE("ulid_v7_with_time(ms) and typeid_with_time(prefix, ms): a UUIDv7 and a TypeID at that millisecond") {
    database db;
    // The ID under a typeid_with_time() result, which must carry `prefix`.
    const auto under = [&](const std::string& prefix, const std::string& ms) {
        const std::string type_id = db.text("SELECT typeid_with_time(" + quote(prefix) + ", " + ms + ")");
        INFO(type_id);
        REQUIRE(type_id.substr(0, prefix.size()) == prefix);
        ulid::ulid raw;
        REQUIRE_FALSE(ulid::parse_type_id(type_id, prefix, raw));
        return raw;
    };
    for (const std::int64_t ms : {std::int64_t{0}, std::int64_t{1}, known_ms, max_ms}) {
        const std::string t = std::to_string(ms);
        INFO(ms);
        for (const ulid::ulid& id : {parsed(db.text("SELECT ulid_v7_with_time(" + t + ")")), under("user", t)}) {
            INFO(id.encode().view());
            CHECK(id.time() == static_cast<std::uint64_t>(ms));
            CHECK(id.bytes()[6] >> 4U == 7U);   // version 7
            CHECK(id.bytes()[8] >> 6U == 2U);   // the RFC 9562 variant
            CHECK((id.high() & 0xFFFU) == 0U);  // rand_a zero: make_v7_at()'s whole millisecond
            CHECK((id.low() << 2U) != 0U);      // rand_b random, not zero
        }
    }
    CHECK(db.text("SELECT ulid_to_uuid(ulid_v7_with_time(" + std::to_string(known_ms) + "))").substr(0, 19) ==
          "01563df3-6481-7000-");
    CHECK(db.text("SELECT ulid_datetime(ulid_from_typeid(typeid_with_time('user', " + std::to_string(known_ms) +
                  "), 'user'))") == known_datetime);
    CHECK(db.text("SELECT typeof(ulid_v7_with_time(1))") == "text");
    CHECK(db.text("SELECT typeid_with_time('a_b', 1)").substr(0, 4) == "a_b_");
    CHECK(under("", "1").time() == 1U);  // no prefix: the bare 26-character suffix
    CHECK(db.text("SELECT typeid_with_time('', 1)").size() == 26);

    SECTION("repeated calls at one millisecond increase, through both functions (one sequence)") {
        const auto rows = db.column(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) "
            "SELECT ulid_v7_with_time(1469918176385) FROM n");
        REQUIRE(rows.size() == 1000);
        for (std::size_t i = 1; i < rows.size(); ++i) REQUIRE(parsed(rows[i - 1].text) < parsed(rows[i].text));
        const auto type_ids = db.column(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) "
            "SELECT typeid_with_time('user', 1469918176385) FROM n");
        REQUIRE(type_ids.size() == 1000);
        for (std::size_t i = 1; i < type_ids.size(); ++i) REQUIRE(type_ids[i - 1].text < type_ids[i].text);
        // Alternating: typeid_with_time() continues ulid_v7_with_time()'s sequence and the other way round.
        ulid::ulid last = parsed(rows.back().text);
        const std::string t = std::to_string(known_ms);
        for (int i = 0; i < 200; ++i) {
            const ulid::ulid id =
                i % 2 == 0 ? under("user", t) : parsed(db.text("SELECT ulid_v7_with_time(" + t + ")"));
            INFO(i);
            REQUIRE(last < id);
            last = id;
        }
    }

    SECTION("the entropy is random at each new millisecond") {
        std::set<std::uint64_t> entropies;
        for (int i = 0; i < 20; ++i) {
            const std::string t = std::to_string(1000 + i % 2);
            entropies.insert(
                (i % 4 < 2 ? parsed(db.text("SELECT ulid_v7_with_time(" + t + ")")) : under("user", t)).low());
        }
        CHECK(entropies.size() == 20);
    }

    SECTION("neither disturbs the sequence of ulid_v7() and typeid()") {
        ulid::ulid last = parsed(db.text("SELECT ulid_v7()"));
        for (int i = 0; i < 300; ++i) {
            const std::string far = std::to_string(i % 2 == 0 ? 0 : max_ms);
            (void)db.text(i % 4 < 2 ? "SELECT ulid_v7_with_time(" + far + ")"
                                    : "SELECT typeid_with_time('user', " + far + ")");
            const ulid::ulid id = i % 3 == 0 ? parsed(db.text("SELECT ulid_v7()")) : [&] {
                ulid::ulid raw;
                REQUIRE_FALSE(ulid::parse_type_id(db.text("SELECT typeid('user')"), "user", raw));
                return raw;
            }();
            INFO(i);
            REQUIRE(last < id);
            last = id;
        }
    }

    SECTION("times out of range and of the wrong type: ulid_with_time()'s errors") {
        for (const std::string function : {"ulid_v7_with_time", "typeid_with_time"}) {
            INFO(function);
            const auto call = [&](const std::string& time) {
                return "SELECT " + function + "(" + (function == "typeid_with_time" ? "'user', " : "") + time + ")";
            };
            const std::string range = ": timestamp ";
            CHECK(db.error(call("-1")) ==
                  function + ": timestamp -1 out of range for type ulid: ULIDs start at 1970-01-01 00:00:00 UTC");
            CHECK(db.error(call(std::to_string(max_ms + 1))) ==
                  function + ": timestamp 281474976710656 out of range for type ulid: " +
                      library_message(ulid::errc::big_time));
            CHECK(db.error(call("9223372036854775807")) ==
                  function + ": timestamp 9223372036854775807 out of range for type ulid: " +
                      library_message(ulid::errc::big_time));
            CHECK(db.error(call("-9223372036854775808")) ==
                  function +
                      ": timestamp -9223372036854775808 out of range for type ulid: ULIDs start at "
                      "1970-01-01 00:00:00 UTC");
            CHECK(db.error(call("1.0")) ==
                  function + ": the time must be an integer number of Unix milliseconds, not a real number");
            CHECK(db.error(call("'1469918176385'")) ==
                  function + ": the time must be an integer number of Unix milliseconds, not text");
            CHECK(db.error(call("x'00'")) ==
                  function + ": the time must be an integer number of Unix milliseconds, not a blob");
        }
        CHECK(contains(db.error("SELECT ulid_v7_with_time()"), "wrong number of arguments"));
        CHECK(contains(db.error("SELECT ulid_v7_with_time(1, 2)"), "wrong number of arguments"));
        CHECK(contains(db.error("SELECT typeid_with_time('user')"), "wrong number of arguments"));
        CHECK(contains(db.error("SELECT typeid_with_time(1)"), "wrong number of arguments"));
    }

    SECTION("prefixes: typeid()'s check and words, before the time") {
        const std::string bad_prefix = ": invalid prefix 'User': " + library_message(ulid::errc::invalid_prefix);
        CHECK(db.error("SELECT typeid_with_time('User', 1)") == "typeid_with_time" + bad_prefix);
        CHECK(db.error("SELECT typeid_with_time('User', -1)") == "typeid_with_time" + bad_prefix);
        // Each invalid prefix refused in typeid()'s words, each valid one taken.
        for (const std::string& prefix :
             std::vector<std::string>{"User", "_user", "user_", "a1", "us-er", std::string(64, 'a')}) {
            INFO(prefix);
            const std::string typeid_error = db.error("SELECT typeid(" + quote(prefix) + ")");
            CHECK(db.error("SELECT typeid_with_time(" + quote(prefix) + ", 1)") ==
                  "typeid_with_time" + typeid_error.substr(std::string("typeid").size()));
        }
        for (const std::string& prefix : std::vector<std::string>{"a", "a_b", std::string(63, 'a')}) {
            INFO(prefix);
            CHECK(db.text("SELECT typeid_with_time(" + quote(prefix) + ", 1)").size() == prefix.size() + 27);
        }
        CHECK(db.error("SELECT typeid_with_time(" + quote(std::string(120, 'a')) + ", 1)") ==
              "typeid_with_time: invalid prefix '" + std::string(100, 'a') +
                  "...': " + library_message(ulid::errc::invalid_prefix));
        CHECK(db.error("SELECT typeid_with_time(1, 1)") ==
              "typeid_with_time: invalid prefix (an integer): expected text");
        CHECK(db.error("SELECT typeid_with_time(x'75736572', 1)") ==
              "typeid_with_time: invalid prefix (a blob): expected text");
    }

    SECTION("NULL in, NULL out, as typeid() and ulid_to_typeid()") {
        CHECK(db.is_null("SELECT ulid_v7_with_time(NULL)"));
        CHECK(db.is_null("SELECT typeid_with_time(NULL, 1)"));
        CHECK(db.is_null("SELECT typeid_with_time('user', NULL)"));
        CHECK(db.is_null("SELECT typeid_with_time('User', NULL)"));  // NULL first: no prefix error
        CHECK(db.is_null("SELECT typeid_with_time(NULL, -1)"));
    }

    SECTION("generators: innocuous, not deterministic") {
        db.exec("CREATE TABLE g(id TEXT)");
        CHECK(contains(db.error("CREATE INDEX g_bad ON g(ulid_v7_with_time(1))"),
                       "non-deterministic functions prohibited"));
        CHECK(contains(db.error("CREATE INDEX g_bad ON g(typeid_with_time('user', 1))"),
                       "non-deterministic functions prohibited"));
        db.exec("PRAGMA trusted_schema = OFF");
        db.exec(
            "CREATE TABLE d(n INTEGER, v TEXT DEFAULT (ulid_v7_with_time(5)), t TEXT DEFAULT "
            "(typeid_with_time('user', 5)))");
        db.exec("INSERT INTO d(n) VALUES (1), (2)");
        CHECK(db.integer("SELECT count(DISTINCT v) FROM d WHERE ulid_ms(v) = 5") == 2);
        CHECK(db.integer("SELECT count(DISTINCT t) FROM d WHERE ulid_ms(ulid_from_typeid(t, 'user')) = 5") == 2);
    }
}

TEST_CASE("ulid_ms, ulid_datetime, ulid_to_uuid, ulid_to_bytes and ulid_from_bytes read the text and the blob form") {
    database db;
    const std::string text = quote(known_text);
    const std::string lower = quote("01aryz6s41tsv4rrffq69g5fav");
    const std::string blob = "x'" + std::string(known_hex) + "'";
    for (const std::string& id : {text, lower, blob}) {
        INFO(id);
        CHECK(db.integer("SELECT ulid_ms(" + id + ")") == known_ms);
        CHECK(db.text("SELECT ulid_datetime(" + id + ")") == known_datetime);
        CHECK(db.text("SELECT ulid_to_uuid(" + id + ")") == known_uuid);
        CHECK(hex(db.blob("SELECT ulid_to_bytes(" + id + ")")) == known_hex);
        CHECK(db.text("SELECT ulid_from_bytes(" + id + ")") == known_text);
        CHECK(db.integer("SELECT ulid_valid(" + id + ")") == 1);
    }
    CHECK(db.text("SELECT ulid_from_uuid(" + quote(known_uuid) + ")") == known_text);
    CHECK(db.text("SELECT ulid_from_uuid(upper(" + quote(known_uuid) + "))") == known_text);
    CHECK(db.text("SELECT ulid_from_uuid('00000000-0000-0000-0000-000000000000')") == "00000000000000000000000000");
    CHECK(db.text("SELECT ulid_from_uuid('ffffffff-ffff-ffff-ffff-ffffffffffff')") == "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    CHECK(db.integer("SELECT ulid_ms('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')") == max_ms);
    CHECK(db.text("SELECT ulid_datetime('00000000000000000000000000')") == "1970-01-01T00:00:00.000Z");
    CHECK(db.text("SELECT ulid_datetime('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')") == "10889-08-02T05:31:50.655Z");
    CHECK(db.text("SELECT typeof(ulid_ms(ulid()))") == "integer");
}

TEST_CASE("ulid_from_uuid reads every UUID spelling of the shared table, and only those") {
    // tests/uuid_spellings.txt: PostgreSQL's uuid_in spellings, the cases
    // the library, the tool and PostgreSQL are tested with too.
    database db;
    const std::vector<test::uuid_spelling> cases = test::read_uuid_spellings(ULID_UUID_SPELLINGS);
    REQUIRE(cases.size() >= 20);
    for (const test::uuid_spelling& c : cases) {
        INFO("input: '" << c.input << "'");
        const std::string sql = "SELECT ulid_to_uuid(ulid_from_uuid(" + quote(c.input) + "))";
        if (c.expected == "reject") {
            CHECK(db.error(sql) ==
                  "ulid_from_uuid: invalid UUID '" + c.input + "': " + ulid::explain(c.input, ulid::text_form::uuid));
        } else {
            CHECK(db.text(sql) == c.expected);
        }
    }
}

TEST_CASE("round trips: text -> blob -> text, text -> UUID -> text, over generated IDs") {
    database db;
    db.exec("CREATE TABLE r(id TEXT)");
    db.exec(
        "INSERT INTO r WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
        "SELECT ulid_with_time(abs(random()) % 281474976710656) FROM n");
    CHECK(db.integer("SELECT count(*) FROM r WHERE ulid_from_bytes(ulid_to_bytes(id)) = id") == 2000);
    CHECK(db.integer("SELECT count(*) FROM r WHERE ulid_from_uuid(ulid_to_uuid(id)) = id") == 2000);
    CHECK(db.integer("SELECT count(*) FROM r WHERE ulid_ms(ulid_to_bytes(id)) = ulid_ms(id)") == 2000);
    CHECK(db.integer("SELECT count(*) FROM r WHERE ulid_to_uuid(ulid_to_bytes(id)) = ulid_to_uuid(id)") == 2000);
    // Against the C++ library directly.
    for (const auto& row : db.column("SELECT id || ' ' || hex(ulid_to_bytes(id)) || ' ' || ulid_to_uuid(id) || ' ' "
                                     "|| ulid_ms(id) FROM r LIMIT 200")) {
        const ulid::ulid id = parsed(std::string_view(row.text).substr(0, 26));
        bytes expected_bytes(id.bytes().begin(), id.bytes().end());
        CHECK(row.text ==
              id.to_string() + " " + hex(expected_bytes) + " " + id.to_uuid_string() + " " + std::to_string(id.time()));
    }
}

TEST_CASE("ulid_datetime agrees with SQLite's own strftime up to the year 9999") {
    database db;
    std::mt19937_64 engine(12);
    const std::int64_t last_ms_of_9999 = 253402300799999;
    std::vector<std::int64_t> times = {0,
                                       1,
                                       999,
                                       1000,
                                       86399999,
                                       86400000,
                                       951782400000,   // 2000-02-29
                                       951868800000,   // 2000-03-01
                                       4107542400000,  // 2100-02-28
                                       4107628800000,  // 2100-03-01
                                       last_ms_of_9999};
    for (int i = 0; i < 2000; ++i) {
        times.push_back(static_cast<std::int64_t>(engine() % static_cast<std::uint64_t>(last_ms_of_9999 + 1)));
    }
    for (const std::int64_t ms : times) {
        const std::string m = std::to_string(ms);
        const std::string ours = db.text("SELECT ulid_datetime(ulid_with_time(" + m + "))");
        const std::string sqlite = db.text("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', " + m + " / 1000.0, 'unixepoch')");
        INFO(ms);
        REQUIRE(ours == sqlite);
    }
    CHECK(db.text("SELECT ulid_datetime(ulid_with_time(" + std::to_string(last_ms_of_9999) + "))") ==
          "9999-12-31T23:59:59.999Z");
    CHECK(db.text("SELECT ulid_datetime(ulid_with_time(" + std::to_string(last_ms_of_9999 + 1) + "))") ==
          "10000-01-01T00:00:00.000Z");
}

TEST_CASE("invalid IDs are SQL errors with the library's message") {
    database db;
    struct bad_case {
        std::string sql;    // the argument
        std::string shown;  // how the message shows it
        std::string why;    // the reason
    };
    // Text: explain()'s reason for the text as PostgreSQL's ulid input reads
    // it (a ULID or a UUID), with the character and its position.
    const auto text_case = [](std::string_view text) {
        return bad_case{quote(text), quote(text), ulid::explain(text, ulid::text_form::any)};
    };
    const std::vector<bad_case> cases = {
        text_case("01ARYZ6S41TSV4RRFFQ69G5FA"),
        text_case("01ARYZ6S41TSV4RRFFQ69G5FAVX"),
        text_case(""),
        text_case("01ARYZ6S41TSV4RRFFQ69G5FAU"),
        text_case("01ARYZ6S41TSV4RRFFQ69G5FA-"),
        text_case("81ARYZ6S41TSV4RRFFQ69G5FAV"),
        text_case("01563df3-6481-d676-4c61-efb99302bd5g"),
        text_case("{01563df36481d6764c61efb99302bd5b"),
        text_case("user_01h455vb4pex5vsknk084sn02q"),
        text_case("urn:uuid:01563df3-6481-d676-4c61-efb99302bd5b"),
        // Non-printable bytes, the quote and the backslash are escaped as
        // explain() escapes them (ulid::shown_char()), long input is cut.
        {"'01ARYZ6S41TSV4RRFFQ69G5' || char(10) || 'é'", "'01ARYZ6S41TSV4RRFFQ69G5\\n\\xc3\\xa9'",
         ulid::explain("01ARYZ6S41TSV4RRFFQ69G5\n\xc3\xa9", ulid::text_form::any)},
        {"'01ARYZ6S41TSV4RRFFQ69G5F''\\'", "'01ARYZ6S41TSV4RRFFQ69G5F\\'\\\\'",
         ulid::explain("01ARYZ6S41TSV4RRFFQ69G5F'\\", ulid::text_form::any)},
        {"'" + std::string(120, 'A') + "'", "'" + std::string(100, 'A') + "...'",
         ulid::explain(std::string(120, 'A'), ulid::text_form::any)},
        {"x'01563DF36481D6764C61EFB99302BD'", "(a blob of 15 bytes)", library_message(ulid::errc::data_size)},
        {"x'01563DF36481D6764C61EFB99302BD5B00'", "(a blob of 17 bytes)", library_message(ulid::errc::data_size)},
        {"x''", "(a blob of 0 bytes)", library_message(ulid::errc::data_size)},
        {"42", "(an integer)", "expected text (a ULID or a UUID) or a 16-byte blob"},
        {"4.2", "(a real number)", "expected text (a ULID or a UUID) or a 16-byte blob"},
    };
    for (const std::string& function : id_functions) {
        for (const bad_case& c : cases) {
            const std::string sql = "SELECT " + function + "(" + c.sql + ")";
            INFO(sql);
            CHECK_FALSE(c.why.empty());
            CHECK(db.error(sql) == function + ": invalid ULID " + c.shown + ": " + c.why);
            CHECK(db.integer("SELECT ulid_valid(" + c.sql + ")") == 0);
        }
    }

    SECTION("ulid_from_uuid") {
        for (const std::string_view text : {std::string_view("01563df3-6481-d676-4c61-efb99302bd5"),
                                            std::string_view("01563df3-6481-d676-4c61-efb99302bd5g"),
                                            std::string_view("01563df3648-1d676-4c61-efb99302-bd5b"), known_text,
                                            std::string_view("urn:uuid:01563df3-6481-d676-4c61-efb99302bd5b")}) {
            CHECK(db.error("SELECT ulid_from_uuid(" + quote(text) + ")") ==
                  "ulid_from_uuid: invalid UUID " + quote(text) + ": " + ulid::explain(text, ulid::text_form::uuid));
        }
        CHECK(db.error("SELECT ulid_from_uuid('01563df3-6481-d676-4c61-efb99302bd5g')") ==
              "ulid_from_uuid: invalid UUID '01563df3-6481-d676-4c61-efb99302bd5g': 'g' at position 36 is not a "
              "hexadecimal digit");
        CHECK(db.error("SELECT ulid_from_uuid(x'" + std::string(known_hex) + "')") ==
              "ulid_from_uuid: invalid UUID (a blob): expected 36-character text xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx");
        CHECK(db.error("SELECT ulid_from_uuid(7)") ==
              "ulid_from_uuid: invalid UUID (an integer): expected 36-character text "
              "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx");
    }

    SECTION("an error stops the statement and changes nothing") {
        db.exec("CREATE TABLE k(id BLOB)");
        db.exec("INSERT INTO k VALUES (ulid_bytes())");
        CHECK_FALSE(db.error("INSERT INTO k SELECT ulid_to_bytes('bad') FROM k").empty());
        CHECK(db.integer("SELECT count(*) FROM k") == 1);
    }
}

TEST_CASE("every function that reads an ID reads every spelling PostgreSQL's ulid input reads") {
    // PostgreSQL's ulid input: the 26-character form in either case, and
    // every UUID spelling of the shared table (tests/uuid_spellings.txt);
    // a TypeID only through ulid_from_typeid(), as there.
    database db;
    const std::vector<test::uuid_spelling> spellings = test::read_uuid_spellings(ULID_UUID_SPELLINGS);
    REQUIRE(spellings.size() >= 20);
    std::vector<test::uuid_spelling> cases = {{std::string(known_text), std::string(known_uuid)},
                                              {"01aryz6s41tsv4rrffq69g5fav", std::string(known_uuid)}};
    cases.insert(cases.end(), spellings.begin(), spellings.end());
    std::size_t accepted = 0;
    for (const test::uuid_spelling& c : cases) {
        INFO("input: '" << c.input << "'");
        if (c.expected == "reject") {
            const std::string why = ulid::explain(c.input, ulid::text_form::any);
            CHECK_FALSE(why.empty());
            for (const std::string& function : id_functions) {
                CHECK(db.error("SELECT " + function + "(" + quote(c.input) + ")") ==
                      function + ": invalid ULID " + quote(c.input) + ": " + why);
            }
            CHECK(db.error("SELECT ulid_to_typeid(" + quote(c.input) + ", 'user')") ==
                  "ulid_to_typeid: invalid ULID " + quote(c.input) + ": " + why);
            continue;
        }
        ++accepted;
        ulid::ulid expected;
        REQUIRE_FALSE(ulid::parse_uuid(c.expected, expected));
        const std::string id = quote(c.input);
        CHECK(db.text("SELECT ulid_to_uuid(" + id + ")") == c.expected);
        CHECK(db.integer("SELECT ulid_ms(" + id + ")") == static_cast<std::int64_t>(expected.time()));
        CHECK(db.text("SELECT ulid_datetime(" + id + ")") == ulid::rfc3339(expected).view());
        CHECK(db.text("SELECT ulid_from_bytes(" + id + ")") == expected.encode().view());
        CHECK(db.blob("SELECT ulid_to_bytes(" + id + ")") == bytes(expected.bytes().begin(), expected.bytes().end()));
        ulid::type_id type_id;
        REQUIRE_FALSE(ulid::make_type_id("user", expected, type_id));
        std::array<char, ulid::type_id_max_size> type_id_text{};
        const char* end = type_id.encode(type_id_text.data());
        CHECK(db.text("SELECT ulid_to_typeid(" + id + ", 'user')") ==
              std::string(type_id_text.data(), static_cast<std::size_t>(end - type_id_text.data())));
    }
    CHECK(accepted >= 15);
    // ulid_observe() reads them too (an old time: nothing to refuse).
    CHECK(db.is_null("SELECT ulid_observe('{01563df36481d6764c61efb99302bd5b}')"));
    // Issue 49's case: ulid_ms() of UUID text, as PostgreSQL's ulid_ms() reads it.
    CHECK(db.integer("SELECT ulid_ms('01890a5d-ac96-774b-bcce-b302099a8057')") == 1688096058518);  // 0x01890a5dac96
}

TEST_CASE("ulid_lower_bound(ms) and ulid_upper_bound(ms): the smallest and the largest ULID of a millisecond") {
    database db;
    CHECK(db.text("SELECT ulid_lower_bound(" + std::to_string(known_ms) + ")") == "01ARYZ6S410000000000000000");
    CHECK(db.text("SELECT ulid_upper_bound(" + std::to_string(known_ms) + ")") == "01ARYZ6S41ZZZZZZZZZZZZZZZZ");
    CHECK(db.text("SELECT ulid_lower_bound(0)") == "00000000000000000000000000");
    CHECK(db.text("SELECT ulid_upper_bound(" + std::to_string(max_ms) + ")") == "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    // The library's min_at()/max_at(), and every ID of the millisecond between.
    for (const std::int64_t ms : {std::int64_t{1}, known_ms, std::int64_t{1767225600000}, max_ms - 1}) {
        INFO(ms);
        const std::string t = std::to_string(ms);
        CHECK(db.text("SELECT ulid_lower_bound(" + t + ")") ==
              ulid::min_at(static_cast<std::uint64_t>(ms)).encode().view());
        CHECK(db.text("SELECT ulid_upper_bound(" + t + ")") ==
              ulid::max_at(static_cast<std::uint64_t>(ms)).encode().view());
        CHECK(db.integer("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) "
                         "SELECT count(*) FROM n WHERE ulid_with_time(" +
                         t + ") BETWEEN ulid_lower_bound(" + t + ") AND ulid_upper_bound(" + t + ")") == 200);
        CHECK(db.integer("SELECT ulid_upper_bound(" + std::to_string(ms - 1) + ") < ulid_lower_bound(" + t +
                         ") AND ulid_upper_bound(" + t + ") < ulid_lower_bound(" + std::to_string(ms + 1) + ")") == 1);
    }
    // PostgreSQL's words for a time a ULID cannot hold, as ulid_with_time().
    for (const std::string function : {"ulid_lower_bound", "ulid_upper_bound"}) {
        CHECK(db.error("SELECT " + function + "(-1)") ==
              function + ": timestamp -1 out of range for type ulid: ULIDs start at 1970-01-01 00:00:00 UTC");
        CHECK(db.error("SELECT " + function + "(" + std::to_string(max_ms + 1) + ")") ==
              function +
                  ": timestamp 281474976710656 out of range for type ulid: " + library_message(ulid::errc::big_time));
        CHECK(db.error("SELECT " + function + "(1.5)") ==
              function + ": the time must be an integer number of Unix milliseconds, not a real number");
        CHECK(db.error("SELECT " + function + "('2026-01-01')") ==
              function + ": the time must be an integer number of Unix milliseconds, not text");
    }
    // Deterministic: usable in an index expression's comparison and a CHECK.
    db.exec("CREATE TABLE w(id TEXT CHECK (id BETWEEN ulid_lower_bound(0) AND ulid_upper_bound(" +
            std::to_string(max_ms) + ")))");
    db.exec("INSERT INTO w VALUES (ulid())");
}

TEST_CASE("NULL in, NULL out") {
    database db;
    for (const std::string function :
         {"ulid_with_time", "ulid_v7_with_time", "ulid_lower_bound", "ulid_upper_bound", "ulid_ms", "ulid_datetime",
          "ulid_to_uuid", "ulid_from_uuid", "ulid_to_bytes", "ulid_from_bytes", "ulid_valid", "ulid_observe"}) {
        INFO(function);
        CHECK(db.is_null("SELECT " + function + "(NULL)"));
    }
}

TEST_CASE("ulid_valid never fails") {
    database db;
    CHECK(db.integer("SELECT ulid_valid(ulid())") == 1);
    CHECK(db.integer("SELECT ulid_valid(ulid_bytes())") == 1);
    CHECK(db.integer("SELECT ulid_valid(lower(ulid()))") == 1);
    CHECK(db.integer("SELECT ulid_valid(zeroblob(16))") == 1);  // every 16-byte pattern is a ULID
    CHECK(db.integer("SELECT ulid_valid(ulid_to_uuid(ulid()))") == 0);
    CHECK(db.integer("SELECT ulid_valid(randomblob(32))") == 0);
    CHECK(db.text("SELECT typeof(ulid_valid(1))") == "integer");
    // As a CHECK constraint.
    db.exec("CREATE TABLE c(id TEXT PRIMARY KEY CHECK (ulid_valid(id)))");
    db.exec("INSERT INTO c VALUES (ulid())");
    CHECK(contains(db.error("INSERT INTO c VALUES ('not a ulid')"), "CHECK constraint failed"));
}

TEST_CASE("an indexed ULID column serves range queries through the index") {
    database db;
    for (const std::string type : {"BLOB", "TEXT"}) {
        const std::string table = "e_" + type;
        const std::string make = type == "BLOB" ? "ulid_bytes()" : "ulid()";
        db.exec("CREATE TABLE " + table + "(id " + type + " NOT NULL DEFAULT (" + make + "), payload TEXT)");
        db.exec("CREATE INDEX " + table + "_id ON " + table + "(id)");
        db.exec("INSERT INTO " + table +
                "(payload) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) "
                "SELECT 'row ' || i FROM n");
        db.exec("ANALYZE");
        // The IDs of rows 100 and 199 as SQL literals, in the column's form.
        const auto literal = [&](int row) {
            const std::string sql = "SELECT id FROM " + table + " WHERE payload = 'row " + std::to_string(row) + "'";
            return type == "BLOB" ? "x'" + hex(db.blob(sql)) + "'" : quote(db.text(sql));
        };
        const std::string range = " FROM " + table + " WHERE id BETWEEN " + literal(100) + " AND " + literal(199);

        // The range holds exactly rows 100-199 (creation order is ID order).
        const auto rows = db.column("SELECT substr(payload, 5)" + range + " ORDER BY id");
        REQUIRE(rows.size() == 100);
        for (std::size_t i = 0; i < rows.size(); ++i) CHECK(rows[i].text == std::to_string(100 + i));

        const std::string details = db.plan("SELECT payload" + range);
        INFO(details);
        CHECK(contains(details, "SEARCH " + table + " USING INDEX " + table + "_id (id>? AND id<?)"));

        // A time window through ulid_lower_bound() and ulid_upper_bound()
        // (docs/databases.md shows this): an index range, exactly the rows
        // of those milliseconds.
        const std::int64_t ms = db.integer("SELECT ulid_ms(id) FROM " + table + " WHERE payload = 'row 250'");
        const std::int64_t to = db.integer("SELECT ulid_ms(id) FROM " + table + " WHERE payload = 'row 300'");
        const auto as_column = [&](const std::string& text) {
            return type == "BLOB" ? "ulid_to_bytes(" + text + ")" : text;
        };
        const std::string since = as_column("ulid_lower_bound(" + std::to_string(ms) + ")");
        const std::string until = as_column("ulid_upper_bound(" + std::to_string(to) + ")");
        const std::string by_time = " FROM " + table + " WHERE id >= " + since;
        CHECK(db.integer("SELECT count(*)" + by_time) ==
              db.integer("SELECT count(*) FROM " + table + " WHERE ulid_ms(id) >= " + std::to_string(ms)));
        const std::string time_details = db.plan("SELECT payload" + by_time);
        INFO(time_details);
        CHECK(contains(time_details, "SEARCH " + table + " USING INDEX " + table + "_id (id>?)"));
        const std::string window = " FROM " + table + " WHERE id BETWEEN " + since + " AND " + until;
        CHECK(db.integer("SELECT count(*)" + window) ==
              db.integer("SELECT count(*) FROM " + table + " WHERE ulid_ms(id) BETWEEN " + std::to_string(ms) +
                         " AND " + std::to_string(to)));
        const std::string window_details = db.plan("SELECT payload" + window);
        INFO(window_details);
        CHECK(contains(window_details, "SEARCH " + table + " USING INDEX " + table + "_id (id>? AND id<?)"));
    }
}

TEST_CASE("deterministic functions work in index expressions, generated columns and CHECK; generators do not") {
    database db;
    db.exec(
        "CREATE TABLE g(id TEXT NOT NULL, ms INTEGER GENERATED ALWAYS AS (ulid_ms(id)) VIRTUAL, "
        "at TEXT GENERATED ALWAYS AS (ulid_datetime(id)) STORED, "
        "b BLOB GENERATED ALWAYS AS (ulid_to_bytes(id)) VIRTUAL, "
        "u TEXT GENERATED ALWAYS AS (ulid_to_uuid(id)) VIRTUAL)");
    db.exec("CREATE INDEX g_ms ON g(ulid_ms(id))");
    db.exec(
        "CREATE INDEX g_back ON g(ulid_from_bytes(ulid_to_bytes(id)), ulid_valid(id), "
        "ulid_from_uuid(ulid_to_uuid(id)))");
    db.exec("INSERT INTO g(id) VALUES (" + quote(known_text) + ")");
    CHECK(db.integer("SELECT ms FROM g") == known_ms);
    CHECK(db.text("SELECT at FROM g") == known_datetime);
    CHECK(hex(db.blob("SELECT b FROM g")) == known_hex);
    CHECK(db.text("SELECT u FROM g") == known_uuid);

    const std::string details = db.plan("SELECT id FROM g WHERE ulid_ms(id) BETWEEN 1 AND 2");
    INFO(details);
    CHECK(contains(details, "USING INDEX g_ms"));

    CHECK(contains(db.error("CREATE INDEX g_bad ON g(id, ulid())"), "non-deterministic functions prohibited"));
    CHECK(contains(db.error("CREATE INDEX g_bad ON g(ulid_with_time(1))"), "non-deterministic functions prohibited"));
    CHECK(contains(db.error("CREATE TABLE h(x INTEGER, id TEXT GENERATED ALWAYS AS (ulid_bytes()))"),
                   "non-deterministic functions prohibited"));

    SECTION("generators are innocuous: usable as a DEFAULT under trusted_schema=OFF") {
        db.exec("PRAGMA trusted_schema = OFF");
        db.exec(
            "CREATE TABLE d(id TEXT PRIMARY KEY DEFAULT (ulid()), b BLOB DEFAULT (ulid_bytes()), "
            "t TEXT DEFAULT (ulid_with_time(5)), v INTEGER CHECK (ulid_valid(id)))");
        db.exec("INSERT INTO d(v) VALUES (1), (2)");
        CHECK(db.integer("SELECT count(*) FROM d WHERE ulid_valid(id) AND length(b) = 16 AND ulid_ms(t) = 5") == 2);
        CHECK(db.integer("SELECT count(DISTINCT id) FROM d") == 2);
        db.exec(
            "CREATE VIEW dv AS SELECT ulid_ms(id) AS ms, ulid_datetime(id), ulid_to_uuid(id), "
            "ulid_from_uuid(ulid_to_uuid(id)), ulid_from_bytes(b), ulid_to_bytes(id) FROM d");
        CHECK(db.column("SELECT ms FROM dv").size() == 2);
    }
}

TEST_CASE("typeid(), ulid_to_typeid() and ulid_from_typeid(): TypeIDs at the edge, the ID underneath") {
    database db;
    // New ones: the prefix, '_' and a lower-case UUIDv7, increasing.
    const auto made = db.column(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) SELECT typeid('user') FROM n");
    REQUIRE(made.size() == 200);
    std::string last;
    for (const auto& row : made) {
        INFO(row.text);
        REQUIRE(row.type == SQLITE_TEXT);
        REQUIRE(row.text.substr(0, 5) == "user_");
        ulid::ulid raw;
        REQUIRE_FALSE(ulid::parse_type_id(row.text, "user", raw));
        CHECK(raw.is_uuidv7());
        CHECK(row.text > last);
        last = row.text;
    }
    // The specification's example, both ways, from text and from the blob.
    const std::string example = "prefix_01h455vb4pex5vsknk084sn02q";
    CHECK(db.text("SELECT ulid_to_typeid('01H455VB4PEX5VSKNK084SN02Q', 'prefix')") == example);
    CHECK(db.text("SELECT ulid_to_typeid(x'01890a5dac96774bbcceb302099a8057', 'prefix')") == example);
    CHECK(db.text("SELECT ulid_to_typeid('01H455VB4PEX5VSKNK084SN02Q', '')") == "01h455vb4pex5vsknk084sn02q");
    CHECK(db.text("SELECT ulid_from_typeid('" + example + "', 'prefix')") == "01H455VB4PEX5VSKNK084SN02Q");
    CHECK(db.text("SELECT ulid_to_uuid(ulid_from_typeid('" + example + "', 'prefix'))") ==
          "01890a5d-ac96-774b-bcce-b302099a8057");
    CHECK(db.text("SELECT ulid_from_typeid(ulid_to_typeid(x'01563DF36481D6764C61EFB99302BD5B', 'a_b'), 'a_b')") ==
          known_text);

    // Errors name the rule and the position, or both prefixes.
    CHECK(db.error("SELECT ulid_from_typeid('order_01h455vb4pex5vsknk084sn02q', 'user')") ==
          "ulid_from_typeid: invalid TypeID 'order_01h455vb4pex5vsknk084sn02q': prefix 'order' where 'user' was "
          "expected");
    CHECK(db.error("SELECT ulid_from_typeid('user_01h455vb4pex5vsknk084Sn02q', 'user')") ==
          "ulid_from_typeid: invalid TypeID 'user_01h455vb4pex5vsknk084Sn02q': 'S' at position 27 is not a "
          "lower-case Crockford base32 character");
    CHECK(db.error("SELECT ulid_from_typeid('user_01h455vb4pex5vsknk084sn02', 'user')") ==
          "ulid_from_typeid: invalid TypeID 'user_01h455vb4pex5vsknk084sn02': the suffix after '_' at position 5 has "
          "25 characters, expected 26");
    CHECK(db.error("SELECT ulid_from_typeid(x'00', 'user')") ==
          "ulid_from_typeid: invalid TypeID (a blob): expected text, the prefix, '_' and 26 characters");
    const std::string bad_prefix = ": invalid prefix 'User': " + library_message(ulid::errc::invalid_prefix);
    CHECK(db.error("SELECT typeid('User')") == "typeid" + bad_prefix);
    CHECK(db.error("SELECT ulid_to_typeid('01H455VB4PEX5VSKNK084SN02Q', 'User')") == "ulid_to_typeid" + bad_prefix);
    CHECK(db.error("SELECT ulid_from_typeid('User_01h455vb4pex5vsknk084sn02q', 'User')") ==
          "ulid_from_typeid" + bad_prefix);
    CHECK(db.error("SELECT typeid(" + quote(std::string(120, 'a')) + ")") ==
          "typeid: invalid prefix '" + std::string(100, 'a') + "...': " + library_message(ulid::errc::invalid_prefix));
    CHECK(db.error("SELECT typeid(1)") == "typeid: invalid prefix (an integer): expected text");
    CHECK(db.error("SELECT ulid_to_typeid('bad', 'user')") ==
          "ulid_to_typeid: invalid ULID 'bad': " + ulid::explain("bad", ulid::text_form::any));

    // NULL in, NULL out.
    CHECK(db.is_null("SELECT typeid(NULL)"));
    CHECK(db.is_null("SELECT ulid_to_typeid(NULL, 'user')"));
    CHECK(db.is_null("SELECT ulid_to_typeid('01H455VB4PEX5VSKNK084SN02Q', NULL)"));
    CHECK(db.is_null("SELECT ulid_from_typeid(NULL, 'user')"));
    CHECK(db.is_null("SELECT ulid_from_typeid('" + example + "', NULL)"));

    // The pattern of docs/databases.md: a blob key, TypeIDs at the edge, lookups through the key's index.
    db.exec("CREATE TABLE users(id BLOB PRIMARY KEY DEFAULT (ulid_v7_bytes()), name TEXT)");
    db.exec("INSERT INTO users(name) VALUES ('ada'), ('grace')");
    const std::string grace = db.text("SELECT ulid_to_typeid(id, 'user') FROM users WHERE name = 'grace'");
    CHECK(db.text("SELECT name FROM users WHERE id = ulid_to_bytes(ulid_from_typeid('" + grace + "', 'user'))") ==
          "grace");
    CHECK(
        contains(db.plan("SELECT name FROM users WHERE id = ulid_to_bytes(ulid_from_typeid('" + grace + "', 'user'))"),
                 "SEARCH users USING INDEX sqlite_autoindex_users_1 (id=?)"));
}

TEST_CASE("ulid_to_facade() and ulid_from_facade(): private IDs (UUIDv47) under a 16-byte blob key") {
    database db;
    // UUIDv47's published vector: key k0 = 0x0123456789abcdef, k1 = 0xfedcba9876543210, little-endian bytes.
    const std::string key = "x'efcdab89674523011032547698badcfe'";
    const std::string v7 = "018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f";
    const std::string facade = "2463c780-7fca-4def-8c3f-7b1a2c4d5e6f";
    CHECK(db.text("SELECT ulid_to_facade(ulid_from_uuid('" + v7 + "'), " + key + ")") == facade);
    CHECK(db.text("SELECT ulid_to_facade(x'018f2d9f9a2a7def8c3f7b1a2c4d5e6f', " + key + ")") == facade);
    CHECK(db.text("SELECT ulid_to_uuid(ulid_from_facade('" + facade + "', " + key + "))") == v7);
    // Any spelling ulid_from_uuid() reads.
    CHECK(db.text("SELECT ulid_to_uuid(ulid_from_facade('{2463C7807FCA4DEF8C3F7B1A2C4D5E6F}', " + key + "))") == v7);

    // Round trips of ulid_v7() IDs under a random key; another key does not give them back.
    db.exec("CREATE TABLE k AS SELECT randomblob(16) AS key, randomblob(16) AS other");
    db.exec(
        "CREATE TABLE ids AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
        "SELECT ulid_v7() AS id FROM n");
    db.exec("CREATE TABLE private AS SELECT id, ulid_to_facade(id, key) AS facade FROM ids, k");
    CHECK(db.integer("SELECT count(DISTINCT facade) FROM private") == 2000);
    CHECK(db.integer("SELECT count(*) FROM private, k WHERE ulid_from_facade(facade, key) = id") == 2000);
    CHECK(db.integer("SELECT count(*) FROM private, k WHERE ulid_from_facade(facade, other) = id") == 0);
    for (const auto& row : db.column("SELECT facade FROM private LIMIT 100")) {
        ulid::ulid parsed_facade;
        REQUIRE_FALSE(ulid::parse_uuid(row.text, parsed_facade));
        CHECK(parsed_facade.uuid_version() == 4);
        CHECK(row.text.size() == 36);
    }

    // Errors: the key must be a 16-byte blob (its value never shown), the ID a UUIDv7, the facade version 4.
    const std::string not_v7 = library_message(ulid::errc::wrong_version);
    CHECK(db.error("SELECT ulid_to_facade('01ARZ3NDEKTSV4RRFFQ69G5FAV', " + key + ")") ==
          "ulid_to_facade: 01ARZ3NDEKTSV4RRFFQ69G5FAV is not a UUIDv7: " + not_v7);
    CHECK(db.error("SELECT ulid_from_facade('" + v7 + "', " + key + ")") ==
          "ulid_from_facade: " + v7 + " is not a facade (a version-4 UUID): " + not_v7);
    CHECK(db.error("SELECT ulid_to_facade(ulid_v7(), x'efcdab89674523011032547698badc')") ==
          "ulid_to_facade: the key must be a 16-byte blob, not a blob of 15 bytes");
    CHECK(db.error("SELECT ulid_from_facade('" + facade + "', x'efcdab89674523011032547698badcfe00')") ==
          "ulid_from_facade: the key must be a 16-byte blob, not a blob of 17 bytes");
    CHECK(db.error("SELECT ulid_to_facade(ulid_v7(), 'efcdab89674523011032547698badcfe')") ==
          "ulid_to_facade: the key must be a 16-byte blob, not text");
    CHECK(db.error("SELECT ulid_to_facade(ulid_v7(), 7)") ==
          "ulid_to_facade: the key must be a 16-byte blob, not an integer");
    CHECK(db.error("SELECT ulid_to_facade('bad', " + key + ")") ==
          "ulid_to_facade: invalid ULID 'bad': " + ulid::explain("bad", ulid::text_form::any));
    CHECK(db.error("SELECT ulid_from_facade('bad', " + key + ")") ==
          "ulid_from_facade: invalid UUID 'bad': " + ulid::explain("bad", ulid::text_form::uuid));
    CHECK(db.error("SELECT ulid_from_facade(x'2463c7807fca4def8c3f7b1a2c4d5e6f', " + key + ")") ==
          "ulid_from_facade: invalid UUID (a blob): expected 36-character text xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx");

    // NULL in, NULL out; deterministic, so usable in a generated column.
    CHECK(db.is_null("SELECT ulid_to_facade(NULL, " + key + ")"));
    CHECK(db.is_null("SELECT ulid_to_facade(ulid_v7(), NULL)"));
    CHECK(db.is_null("SELECT ulid_from_facade(NULL, " + key + ")"));
    CHECK(db.is_null("SELECT ulid_from_facade('" + facade + "', NULL)"));
    db.exec("CREATE TABLE g(id TEXT, f TEXT GENERATED ALWAYS AS (ulid_to_facade(id, " + key + ")))");
    db.exec("INSERT INTO g(id) VALUES (ulid_from_uuid('" + v7 + "'))");
    CHECK(db.text("SELECT f FROM g") == facade);
}
