#!/usr/bin/env python3
"""Writes fsrs6-vectors.json: what py-fsrs (the reference FSRS-6 scheduler) does.

Run from anywhere, in a venv holding the reference:

    python3 -m venv /tmp/fsrs-venv
    /tmp/fsrs-venv/bin/pip install 'fsrs>=6,<7'
    /tmp/fsrs-venv/bin/python3 Tests/SchedulingTests/Vectors/generate_vectors.py

The output is committed, so `make test` needs no Python package. The Swift
scheduler must reproduce every due time to the millisecond and stability and
difficulty within 1e-6 (SchedulingTests/ReferenceVectorTests.swift).
"""

import json
import random
import fsrs.scheduler
import sys
from datetime import datetime, timedelta, timezone
from importlib.metadata import version
from pathlib import Path

from fsrs import Card, Rating, Scheduler

SEED = 20221129
SEQUENCES = 520
FUZZED_SEQUENCES = 60
OUT = Path(__file__).resolve().parent / "fsrs6-vectors.json"


def ms(moment):
    """Whole milliseconds since 1970 (every time here is built from whole milliseconds)."""
    delta = moment - datetime(1970, 1, 1, tzinfo=timezone.utc)
    return (delta.days * 86_400 + delta.seconds) * 1000 + delta.microseconds // 1000


def card_after_is_reviewed_at(card, when):
    """Every review sets last_review to its own time, so the vectors leave it out."""
    return card.last_review == when


DRAWS = []


def recorded_random():
    """Stands in for py-fsrs's `random()` in fuzzed sequences, so each draw can be written down."""
    DRAWS.append(FUZZ_RNG.random())
    return DRAWS[-1]


FUZZ_RNG = random.Random(SEED + 1)


def step_record(scheduler, card, rating, when):
    retrievability = scheduler.get_card_retrievability(card, current_datetime=when)
    DRAWS.clear()
    card, _ = scheduler.review_card(card, Rating(rating), review_datetime=when)
    assert len(DRAWS) <= 1
    assert card_after_is_reviewed_at(card, when)
    return card, {
        "rating": rating,
        "time": ms(when),
        "retrievability_before": retrievability,
        "state": int(card.state),
        "step": card.step,
        "stability": card.stability,
        "difficulty": card.difficulty,
        "due": ms(card.due),
        "fuzz": DRAWS[0] if DRAWS else None,
    }


def known_sequence(scheduler):
    """The sequence the issue quotes: each rating given on the day the previous one falls due."""
    ratings = [3] * 6 + [1] * 2 + [3] * 5
    when = datetime(2022, 11, 29, 12, 30, tzinfo=timezone.utc)
    card = Card(card_id=1, due=when)
    reviews, intervals = [], []
    for rating in ratings:
        card, record = step_record(scheduler, card, rating, when)
        reviews.append(record)
        intervals.append((card.due - when).days)
        when = card.due
    assert intervals == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21], intervals
    assert round(card.stability, 6) == 20.770357, card.stability
    assert round(card.difficulty, 6) == 9.055760, card.difficulty
    return {
        "name": "issue-16 known sequence",
        "card_id": 1,
        "start": ms(datetime(2022, 11, 29, 12, 30, tzinfo=timezone.utc)),
        "intervals_days": intervals,
        "reviews": reviews,
    }


def random_gap(rng, card, when):
    """When the next review happens: mostly near the due time, sometimes early or very late."""
    kind = rng.random()
    if kind < 0.45:
        target = card.due  # on time
    elif kind < 0.65:
        target = card.due + timedelta(milliseconds=rng.randrange(0, 30 * 86_400_000))
    elif kind < 0.80:
        target = when + timedelta(milliseconds=rng.randrange(1, 86_400_000))  # early, same day
    elif kind < 0.92:
        target = when + timedelta(days=rng.randrange(1, 4), milliseconds=rng.randrange(86_400_000))
    else:
        target = card.due + timedelta(days=rng.randrange(30, 4000))  # long absence
    return max(target, when + timedelta(milliseconds=1))


def random_sequence(scheduler, rng, number):
    """Random ratings at random times; with a fuzzing scheduler each fuzz draw is recorded."""
    start = datetime(2020, 1, 1, tzinfo=timezone.utc) + timedelta(
        milliseconds=rng.randrange(0, 6 * 365 * 86_400_000))
    card = Card(card_id=1000 + number, due=start)
    weights = rng.choice([(1, 1, 1, 1), (1, 1, 6, 1), (4, 2, 3, 1), (1, 2, 4, 3)])
    when = start
    reviews = []
    for _ in range(rng.randrange(1, 25)):
        rating = rng.choices([1, 2, 3, 4], weights=weights)[0]
        card, record = step_record(scheduler, card, rating, when)
        reviews.append(record)
        when = random_gap(rng, card, when)
    name = f"{'fuzzed' if scheduler.enable_fuzzing else 'random'} {number}"
    return {"name": name, "card_id": 1000 + number, "start": ms(start), "reviews": reviews}


def main():
    scheduler = Scheduler(enable_fuzzing=False)
    fuzzing = Scheduler(enable_fuzzing=True)
    fsrs.scheduler.random = recorded_random
    rng = random.Random(SEED)
    settings = scheduler.to_dict()
    document = {
        "generator": f"py-fsrs {version('fsrs')} (Tests/SchedulingTests/Vectors/generate_vectors.py, seed {SEED})",
        "parameters": settings["parameters"],
        "desired_retention": settings["desired_retention"],
        "learning_steps_seconds": settings["learning_steps"],
        "relearning_steps_seconds": settings["relearning_steps"],
        "maximum_interval_days": settings["maximum_interval"],
        "sequences": [known_sequence(scheduler)]
        + [random_sequence(scheduler, rng, n) for n in range(SEQUENCES)]
        + [random_sequence(fuzzing, rng, SEQUENCES + n) for n in range(FUZZED_SEQUENCES)],
    }
    # One sequence per line: small enough to commit, and a diff shows which sequences changed.
    head = {k: v for k, v in document.items() if k != "sequences"}
    lines = [json.dumps(s, separators=(",", ":")) for s in document["sequences"]]
    text = json.dumps(head, indent=1)[:-2] + ',\n "sequences": [\n' + ",\n".join(lines) + "\n ]\n}\n"
    assert json.loads(text) == document
    OUT.write_text(text)
    reviews = sum(len(s["reviews"]) for s in document["sequences"])
    print(f"wrote {OUT} ({len(document['sequences'])} sequences, {reviews} reviews)", file=sys.stderr)


if __name__ == "__main__":
    main()
