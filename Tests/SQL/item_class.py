#!/usr/bin/env python3
"""A class for the item analysis, written straight into journal files: learners of differing ability take
`start` sessions on nodes of a native course (in the course's order, no seed), answering as the grader expects
(letters for choices, 对/错, accepted or wrong texts, numbers), with skips, `!!` overrides, a second attempt now
and then, `mistakes` rounds (never attempts) and sessions left early (never attempts). One question, the
`--flagged` one, is answered right mostly by the weaker learners: a negative discrimination index.

    item_class.py DATA_DIR [--course DIR] [--learners 40] [--seed 1] [--nodes '#ch1,#ch2'] [--flagged ID]
"""
import argparse, json, math, os, random, uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def course_nodes(course):
    """{node key: the questions of its subtree in outline order}, {question id: key of the node holding it}."""
    subtrees, owner = {}, {}

    def collect(node, path):
        key = "#" + node["id"] if node.get("id") else path
        qs = list(node.get("questions", []))
        for q in qs:
            owner[q["id"]] = key
        for i, child in enumerate(node.get("children", [])):
            qs += collect(child, f"{path}.{i + 1}")
        subtrees[key] = qs
        return qs

    for i, node in enumerate(course["nodes"]):
        collect(node, str(i + 1))
    return subtrees, owner


def answer(rng, q, right):
    """What a learner types: right or wrong for question q, as the grader reads it."""
    t = q["type"]
    letters = "ABCDEFGHIJ"
    if t == "single":
        if right:
            return letters[q["answer"]]
        return letters[rng.choice([i for i in range(len(q["options"])) if i != q["answer"]])]
    if t == "multiple":
        if right:
            return " ".join(letters[i] for i in sorted(q["answers"]))
        wrong = sorted(set(q["answers"][:-1]) | {rng.randrange(len(q["options"]))})
        if sorted(wrong) == sorted(q["answers"]):
            wrong = [i for i in range(len(q["options"])) if i not in q["answers"]][:1] or [0, 1]
        return " ".join(letters[i] for i in wrong)
    if t == "truefalse":
        return "对" if (q["answer"] == right) else "错"
    if t == "fill":
        return rng.choice(q["answers"][:2]) if right else rng.choice(["不知道", "温度", "质量"])
    if t == "numeric":
        value = q["answer"]
        return repr(value) if right else repr(value * 2 + 1)
    if t == "matching":
        n = len(q["pairs"]) if "pairs" in q else len(q["items"])
        if right:
            return None  # the pairs' letters depend on the course's choices: left to the caller
        return " ".join(f"{i + 1}{letters[(i + 1) % n].lower()}" for i in range(n))
    if t == "card":
        return "y" if right else "n"
    if t == "calculated":
        # Values drawn per attempt: the record's `correct` is the grader's verdict for them (see shown_values).
        return "27" if right else "30"
    raise ValueError(t)


def shown_values(rng, q):
    """A calculated question's values as the journal records them (the texts shown, in the question's order);
    None for any other question. The figures read only `correct`; the values ride along as the program writes them."""
    if q["type"] != "calculated":
        return None
    return {name: rng.choice(["54.0", "20", "-15", "2.50", "7"]) for name in q.get("variables", {})}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("data")
    p.add_argument("--course", default=os.path.join(ROOT, "Data", "courses", "physics-grade8"))
    p.add_argument("--learners", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--nodes", default="#ch1,#ch2")
    p.add_argument("--flagged", default="")
    args = p.parse_args()
    rng = random.Random(args.seed)
    course = json.load(open(os.path.join(args.course, "course.json")))
    subtrees, owner = course_nodes(course)
    nodes = args.nodes.split(",")
    difficulty = {}
    for key in nodes:
        for q in subtrees[key]:
            difficulty[q["id"]] = rng.gauss(-0.5, 1.0)
    t0 = 1_764_576_000_000  # 2025-12-01
    for n in range(args.learners):
        user = f"learner{n + 1:04d}"
        ability = rng.gauss(0, 1)
        writer = uuid.UUID(int=rng.getrandbits(128)).hex
        seq = 0
        now = t0 + n * 1000
        lines = []

        def add(record):
            nonlocal seq, now
            seq += 1
            now += rng.randint(1000, 60_000)
            out = {"writer": writer, "seq": seq}
            out.update(record)
            out["time"] = now
            lines.append(json.dumps(out, ensure_ascii=False, separators=(",", ":")))

        counter = 0
        for key in nodes:
            asked = subtrees[key]
            for attempt in range(1 + (rng.random() < 0.25)):
                counter += 1
                session = f"s{t0 // 1000 + n}-{counter}"
                leave = len(asked) if rng.random() > 0.08 else rng.randrange(1, len(asked))
                add({"type": "start", "session": session, "node": key, "questions": [q["id"] for q in asked],
                     "kind": "full", "seed": None})
                right_count = 0
                wrong = []
                for q in asked[:leave]:
                    qid = q["id"]
                    if rng.random() < 0.04:
                        add({"type": "skip", "session": session, "question": qid, "node": owner[qid], "rating": 1})
                        continue
                    skill = ability + 0.4 * attempt
                    p_right = 1 / (1 + math.exp(-(skill - difficulty[qid]) * 1.7))
                    if qid == args.flagged:
                        p_right = 1 / (1 + math.exp((skill - 0.0) * 2.0))
                    right = rng.random() < p_right
                    given = answer(rng, q, right)
                    if given is None:
                        given, right = "1a", False
                    record = {"type": "answer", "session": session, "question": qid, "node": owner[qid],
                              "given": given, "correct": right}
                    if not right and rng.random() < 0.15:
                        # Partly right (Moodle's fraction): marks its fraction. Dyadic, so sums are exact.
                        record["fraction"] = rng.choice([0.5, 0.25, 0.75])
                    values = shown_values(rng, q)
                    if values:
                        record["values"] = values  # after "correct" and "fraction", before "rating", as written
                    record["rating"] = 3 if right else 2 if "fraction" in record else 1
                    add(record)
                    if right:
                        right_count += 1
                    else:
                        wrong.append(qid)
                        if rng.random() < 0.03:
                            add({"type": "override", "session": session, "question": qid, "node": owner[qid]})
                            right_count += 1
                add({"type": "end", "session": session, "score": 100 * right_count / len(asked),
                     "early": leave < len(asked)})
                if wrong and rng.random() < 0.5:
                    counter += 1
                    session = f"s{t0 // 1000 + n}-{counter}"
                    add({"type": "start", "session": session, "node": key, "questions": wrong, "kind": "mistakes",
                         "seed": None})
                    for qid in wrong:
                        add({"type": "answer", "session": session, "question": qid, "node": owner[qid],
                             "given": "x", "correct": True, "rating": 3})
                    add({"type": "end", "session": session, "score": 100, "early": False})
        folder = os.path.join(args.data, user, course["id"])
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "journal.jsonl"), "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
