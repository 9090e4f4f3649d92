// The course-load peer for run-bench.sh: simdjson (Debian's libsimdjson-dev) reads a course file
// and walks it as practice's loader must: every chapter object of {"chapterDtoList": [...]} nested by
// "subChapterList", its id, name and reading state. Prints the node count and the seconds taken.
//
//   g++ -O2 -o simdjson_load simdjson_load.cpp -lsimdjson
//   simdjson_load FILE
#include <simdjson.h>

#include <chrono>
#include <cstdio>
#include <cstdint>
#include <string_view>

using namespace simdjson;

struct Walk {
  std::size_t nodes = 0;
  std::size_t titleBytes = 0;
  std::int64_t idSum = 0;
  std::int64_t readCount = 0;
};

static void chapters(dom::array list, Walk &walk) {
  for (dom::element element : list) {
    dom::object chapter = element.get_object();
    walk.nodes += 1;
    for (dom::key_value_pair field : chapter) {
      std::string_view key = field.key;
      if (key == "id") {
        walk.idSum += field.value.get_int64().value_unsafe();
      } else if (key == "chapterName") {
        walk.titleBytes += field.value.get_string().value_unsafe().size();
      } else if (key == "hadRead" || key == "browseCount") {
        if (field.value.is_int64()) walk.readCount += field.value.get_int64().value_unsafe();
      } else if (key == "subChapterList") {
        if (field.value.is_array()) chapters(field.value.get_array().value_unsafe(), walk);
      }
    }
  }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: simdjson_load FILE\n");
    return 2;
  }
  auto start = std::chrono::steady_clock::now();
  padded_string text;
  if (padded_string::load(argv[1]).get(text)) {
    std::fprintf(stderr, "simdjson_load: cannot read %s\n", argv[1]);
    return 1;
  }
  dom::parser parser;
  dom::element root;
  if (auto error = parser.parse(text).get(root)) {
    std::fprintf(stderr, "simdjson_load: %s\n", error_message(error));
    return 1;
  }
  dom::array list;
  if (root["chapterDtoList"].get_array().get(list)) {
    std::fprintf(stderr, "simdjson_load: no chapterDtoList array\n");
    return 1;
  }
  Walk walk;
  chapters(list, walk);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("nodes=%zu title_bytes=%zu seconds=%.4f\n", walk.nodes, walk.titleBytes, seconds);
  return walk.nodes > 0 ? 0 : 1;
}
