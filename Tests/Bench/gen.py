#!/usr/bin/env python3
"""Inputs for run-bench.sh and run-stress.sh.

  gen.py course N FILE            a course of N nodes in seed 002's shape ({"chapterDtoList": [...]},
                                  nested subChapterList, integer ids, epoch-ms dates, Chinese titles);
                                  each chapter is 1 + 9 sections x (1 + 10 parts) = 100 nodes
  gen.py native N FILE            a course of N nodes in the native format with N/5 questions (the
                                  physics course's 131 questions again and again under new ids), spread
                                  over the leaves; each chapter is 1 + 9 sections x (1 + 10 parts)
  gen.py history N DIR            a progress folder (journal.jsonl) holding N answers for the physics
                                  course, in the exact line format ProgressStore writes (JournalRecord.swift)
  gen.py dupids N FILE            a flat course of N chapters all with the same id
  gen.py deep N FILE              N nested arrays ([[[...]]])
"""
import json, os, random, sys, uuid

TOPICS = ["力与运动", "声现象", "光现象", "透镜及其应用", "质量与密度", "压强", "浮力", "功和机械能",
          "简单机械", "内能", "电流和电路", "欧姆定律", "电功率", "电与磁", "信息的传递", "能源与可持续发展"]
NUM = "零一二三四五六七八九十"


def chapter_node(nid, name, parent, level, rng):
    return {
        "token": None, "id": nid, "chapterName": name, "parentId": parent, "chapterLevel": level,
        "attachmentUrl": "", "description": None, "startDateTimestamp": None, "endDateTimestamp": None,
        "startDate": 1490889600000 + nid * 1000 if level == 0 else None,
        "endDate": 1491062400000 + nid * 1000 if level == 0 else None,
        "browseCount": rng.randrange(0, 50), "workId": None, "chapterStatus": 3 if level == 0 else None,
        "hadRead": rng.randrange(0, 2), "subChapterList": [], "classUserReadInfo": [],
    }


def course(n, path):
    rng = random.Random(n)
    next_id = [1000]
    made = [0]

    def new(name, parent, level):
        next_id[0] += 1
        made[0] += 1
        return chapter_node(next_id[0], name, parent, level, rng)

    with open(path, "w", encoding="utf-8") as out:
        out.write('{"chapterDtoList":[')
        c = 0
        while made[0] < n:
            c += 1
            ch = new(f"第{c}章 {TOPICS[c % len(TOPICS)]}", 0, 0)
            for s in range(1, 10):
                if made[0] >= n:
                    break
                sec = new(f"第{c}.{s}节 {TOPICS[(c + s) % len(TOPICS)]}（{NUM[s]}）", ch["id"], 1)
                ch["subChapterList"].append(sec)
                for p in range(1, 11):
                    if made[0] >= n:
                        break
                    sec["subChapterList"].append(new(f"{c}.{s}.{p} 练习：{TOPICS[(c + p) % len(TOPICS)]}", sec["id"], 2))
            if c > 1:
                out.write(",")
            out.write(json.dumps(ch, ensure_ascii=False, separators=(",", ":")))
        out.write("]}")


def line(obj):
    # JSONWriter.compact: keys in the order written, no spaces; non-ASCII kept as UTF-8.
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"


def history(n, directory):
    """Answers in sessions of 15 on the physics course's ch1.1 questions, start and end records around them."""
    os.makedirs(directory, exist_ok=True)
    writer = str(uuid.UUID(int=random.Random(n).getrandbits(128)))
    seq = 0
    t = 1767225600000  # 2026-01-01
    done = 0
    s = 0
    with open(os.path.join(directory, "journal.jsonl"), "w", encoding="utf-8") as out:
        while done < n:
            s += 1
            session = f"s{t // 1000}-4242-{s}"
            k = min(15, n - done)
            qs = [f"ch1.1-q{(i % 15) + 1:02d}" for i in range(k)]
            seq += 1
            out.write(line({"writer": writer, "seq": seq, "type": "start", "time": t, "session": session,
                            "node": "#ch1.1", "questions": qs}))
            correct = 0
            for q in qs:
                seq += 1
                t += 7000
                ok = (seq % 3) != 0
                correct += ok
                out.write(line({"writer": writer, "seq": seq, "type": "answer", "time": t, "session": session,
                                "question": q, "node": "#ch1.1", "given": "B" if ok else "A", "correct": ok}))
            done += k
            seq += 1
            out.write(line({"writer": writer, "seq": seq, "type": "end", "time": t, "session": session,
                            "score": round(100.0 * correct / k, 1), "early": k < 15}))
            t += 3600000


def native(n, path):
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "..", "Data", "courses", "physics-grade8", "course.json"), encoding="utf-8") as f:
        physics = json.load(f)
    shapes = []

    def collect(nodes):
        for node in nodes:
            shapes.extend(node.get("questions", []))
            collect(node.get("children", []))

    collect(physics["nodes"])
    made, leaves, chapters, c = 0, [], [], 0
    while made < n:
        c += 1
        chapter = {"id": f"c{c}", "title": f"第{c}章 {TOPICS[c % len(TOPICS)]}", "children": []}
        chapters.append(chapter)
        made += 1
        for s in range(1, 10):
            if made >= n:
                break
            section = {"id": f"c{c}.{s}", "title": f"第{c}.{s}节 {TOPICS[(c + s) % len(TOPICS)]}", "children": []}
            chapter["children"].append(section)
            made += 1
            for p in range(1, 11):
                if made >= n:
                    break
                leaf = {"id": f"c{c}.{s}.{p}", "title": f"{c}.{s}.{p} 练习：{TOPICS[(c + p) % len(TOPICS)]}"}
                section["children"].append(leaf)
                leaves.append(leaf)
                made += 1
    questions = n // 5
    for i in range(questions):
        leaf = leaves[i * len(leaves) // questions]
        question = dict(shapes[i % len(shapes)], id=f"q{i}")
        leaf.setdefault("questions", []).append(question)
    course = {"format": "practice-course", "version": 1, "id": "bench-native", "title": "bench", "language": "zh-Hans",
              "kelvinOffset": physics.get("kelvinOffset", 273), "nodes": chapters}
    with open(path, "w", encoding="utf-8") as out:
        json.dump(course, out, ensure_ascii=False, separators=(",", ":"))


def dupids(n, path):
    with open(path, "w") as out:
        out.write('{"chapterDtoList":[')
        out.write(",".join('{"id":7,"chapterName":"dup","parentId":0,"subChapterList":[]}' for _ in range(n)))
        out.write("]}")


def deep(n, path):
    with open(path, "w") as out:
        out.write("[" * n + "]" * n)


if __name__ == "__main__":
    kind, n, target = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    {"course": course, "native": native, "history": history, "dupids": dupids, "deep": deep}[kind](n, target)
