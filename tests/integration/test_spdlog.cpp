// spdlog through <ulid/fmt.hpp>: spdlog formats with {fmt} (Debian builds it
// against the system libfmt, SPDLOG_FMT_EXTERNAL), so fmt::formatter<ulid>
// is all a logger needs.
#include "catch.hpp"

#include <ulid/fmt.hpp>
#include <ulid/ulid.hpp>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

namespace {

const ulid::ulid sample = ulid::must_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");

struct captured {
    std::ostringstream out;
    std::shared_ptr<spdlog::logger> logger;

    captured()
        : logger(std::make_shared<spdlog::logger>("ulid", std::make_shared<spdlog::sinks::ostream_sink_st>(out))) {
        logger->set_pattern("%v");
    }
};

}  // namespace

TEST_CASE("logger->info(\"{}\", id) prints the text form", "[spdlog]") {
    captured log;
    log.logger->info("{}", sample);
    CHECK(log.out.str() == "01ARZ3NDEKTSV4RRFFQ69G5FAV\n");
}

TEST_CASE("ulids in longer messages, with format specifications and as the message", "[spdlog]") {
    captured log;
    const ulid::ulid id = ulid::make();
    log.logger->warn("order {} shipped after {} ({:>28}|)", id, sample, ulid::ulid::max());
    log.logger->info(ulid::ulid::nil());
    CHECK(log.out.str() == "order " + id.to_string() +
                               " shipped after 01ARZ3NDEKTSV4RRFFQ69G5FAV (  7ZZZZZZZZZZZZZZZZZZZZZZZZZ|)\n"
                               "00000000000000000000000000\n");
}

TEST_CASE("a level below the logger's writes nothing", "[spdlog]") {
    captured log;
    log.logger->set_level(spdlog::level::warn);
    log.logger->info("{}", sample);
    CHECK(log.out.str().empty());
}
