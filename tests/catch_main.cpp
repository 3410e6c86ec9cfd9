// Catch2 main for installations without Catch2::Catch2WithMain.
#define CATCH_CONFIG_MAIN
#include "catch.hpp"
