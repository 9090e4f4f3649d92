// The course-load peer for run-bench.sh: simdjson (Debian's libsimdjson-dev) reads a course file
// and walks it as practice's loader must: every chapter object of {"chapterDtoList": [...]} nested by
// "subChapterList", its id, name and reading state; or, for the native format ({"nodes": [...]}),
// every node nested by "children" and every value of every question (strings measured, numbers read,
// arrays and objects walked). Prints the node count and the seconds taken.
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

/// Touches every value below `element` as a decoder must: strings are measured, numbers read.
static void values(dom::element element, Walk &walk) {
  switch (element.type()) {
  case dom::element_type::ARRAY: {
    // Held in a variable: value_unsafe() of a temporary result would dangle in a range-for.
    dom::array items = element.get_array().value_unsafe();
    for (dom::element item : items) values(item, walk);
    break;
  }
  case dom::element_type::OBJECT: {
    dom::object fields = element.get_object().value_unsafe();
    for (dom::key_value_pair field : fields) {
      walk.titleBytes += field.key.size();
      values(field.value, walk);
    }
    break;
  }
  case dom::element_type::STRING:
    walk.titleBytes += element.get_string().value_unsafe().size();
    break;
  case dom::element_type::INT64:
    walk.idSum += element.get_int64().value_unsafe();
    break;
  case dom::element_type::DOUBLE:
    walk.readCount += element.get_double().value_unsafe() > 0;
    break;
  default:
    break;
  }
}

static void nativeNodes(dom::array list, Walk &walk) {
  for (dom::element element : list) {
    dom::object node = element.get_object();
    walk.nodes += 1;
    for (dom::key_value_pair field : node) {
      std::string_view key = field.key;
      if (key == "children") {
        dom::array children;
        if (!field.value.get_array().get(children)) nativeNodes(children, walk);
      } else {
        values(field.value, walk);
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
  Walk walk;
  if (!root["nodes"].get_array().get(list)) {
    nativeNodes(list, walk);
  } else if (root["chapterDtoList"].get_array().get(list)) {
    std::fprintf(stderr, "simdjson_load: no chapterDtoList array\n");
    return 1;
  } else {
    chapters(list, walk);
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("nodes=%zu title_bytes=%zu seconds=%.4f\n", walk.nodes, walk.titleBytes, seconds);
  return walk.nodes > 0 ? 0 : 1;
}
