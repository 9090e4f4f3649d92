#!/usr/bin/env python3
"""Writes optimizer-vectors.json and the generated review histories: what py-fsrs's Optimizer does.

The reference is py-fsrs 6.3.2 (fsrs/optimizer.py) with torch on the CPU. Run from anywhere, in a
venv holding it (the wheel of torch for the CPU is enough):

    python3 -m venv /tmp/fsrs-opt-venv
    /tmp/fsrs-opt-venv/bin/pip install 'fsrs[optimizer]==6.3.2' 'fsrs-rs-python==0.9.3'
    /tmp/fsrs-opt-venv/bin/python3 Tests/SchedulingTests/Vectors/Optimizer/generate_optimizer_vectors.py

It takes a few minutes (the 50,000-review fit dominates). The output is committed, so `make test`
needs no Python package; SchedulingTests/OptimizerVectorTests.swift reads it.

For each history it records, from inside py-fsrs's own run (torch.optim.Adam and
CosineAnnealingLR are wrapped, not replaced): the number of reviews that count, the batch loss at
the default parameters, the gradient and parameters of the first Adam steps, the learning rates,
and the final parameters with their loss.
"""

import csv
import heapq
import json
import random
import sys
from datetime import datetime, timedelta, timezone
from importlib.metadata import version
from pathlib import Path

import torch
import torch.optim

import fsrs.optimizer as fsrs_optimizer
from fsrs import Card, Rating, ReviewLog, Scheduler
from fsrs.scheduler import DEFAULT_PARAMETERS

HERE = Path(__file__).resolve().parent
OUT = HERE / "optimizer-vectors.json"
RECORDED_STEPS = 3

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def ms(moment):
    delta = moment - EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1000 + delta.microseconds // 1000


def from_ms(value):
    return EPOCH + timedelta(milliseconds=value)


# --- Recording py-fsrs's own optimisation --------------------------------------------------------

RECORD = {"steps": [], "lrs": []}


class RecordingAdam(torch.optim.Adam):
    def step(self, closure=None):
        params = self.param_groups[0]["params"][0]
        if len(RECORD["steps"]) < RECORDED_STEPS:
            RECORD["steps"].append(
                {
                    "lr": float(self.param_groups[0]["lr"]),
                    "gradient": [float(x) for x in params.grad],
                }
            )
        RECORD["lrs"].append(float(self.param_groups[0]["lr"]))
        return super().step(closure)


class RecordingCosine(torch.optim.lr_scheduler.CosineAnnealingLR):
    def step(self, *args, **kwargs):
        # Called after the Adam step and the clamp: the parameters the next mini-batch uses.
        params = self.optimizer.param_groups[0]["params"][0]
        if 1 <= len(RECORD["lrs"]) <= RECORDED_STEPS:
            RECORD["steps"][len(RECORD["lrs"]) - 1]["parameters_after"] = [float(x) for x in params.detach()]
        return super().step(*args, **kwargs)


torch.optim.Adam = RecordingAdam
torch.optim.lr_scheduler.CosineAnnealingLR = RecordingCosine


def shuffled_card_orders(card_ids, epochs):
    """The card orders py-fsrs visits: Random(42).shuffle once per epoch on the sorted ids."""
    rng = random.Random(42)
    order = list(card_ids)
    orders = []
    for _ in range(epochs):
        rng.shuffle(order)
        orders.append(list(order))
    return orders


def evaluation_items(logs, start_ms=None):
    """fsrs-rs items for the reviews the loss counts: each with its card's reviews up to it.

    Cards in ascending id, each card's first 64 reviews in time order (as py-fsrs reads them);
    delta_t is whole days since the previous review; items ordered by their last review's time.
    """
    import fsrs_rs_python as rs

    by_card = {}
    for order, log in enumerate(logs):
        by_card.setdefault(log.card_id, []).append((ms(log.review_datetime), order, int(log.rating)))
    items = []
    for card_id in sorted(by_card):
        reviews = sorted(by_card[card_id])[:64]
        deltas = [0] + [
            (later[0] - earlier[0]) // 86_400_000 for earlier, later in zip(reviews, reviews[1:])
        ]
        for index in range(1, len(reviews)):
            if deltas[index] > 0 and (start_ms is None or reviews[index][0] >= start_ms):
                prefix = [rs.FSRSReview(reviews[j][2], deltas[j]) for j in range(index + 1)]
                items.append((reviews[index][0], len(items), rs.FSRSItem(prefix)))
    items.sort(key=lambda item: (item[0], item[1]))
    return [item[2] for item in items]


def fsrs_rs_evaluation(logs, parameters, start_ms=None):
    import fsrs_rs_python as rs

    items = evaluation_items(logs, start_ms)
    if not items:
        return None
    result = rs.FSRS(parameters).evaluate(items)
    return {"log_loss": result.log_loss, "rmse_bins": result.rmse_bins, "items": len(items)}


def fit_record(name, logs):
    RECORD["steps"].clear()
    RECORD["lrs"].clear()
    optimizer = fsrs_optimizer.Optimizer(logs)
    default_loss = optimizer._compute_batch_loss(parameters=list(DEFAULT_PARAMETERS))
    parameters = optimizer.compute_optimal_parameters()
    final_loss = optimizer._compute_batch_loss(parameters=parameters)
    card_ids = list(optimizer._revlogs_train.keys())
    orders = shuffled_card_orders(card_ids, 1)
    return {
        "name": name,
        "reviews": len(logs),
        "cards": len(card_ids),
        "default_loss": default_loss,
        "steps": list(RECORD["steps"]),
        "learning_rates": list(RECORD["lrs"]),
        "first_epoch_first_cards": orders[0][:10],
        "parameters": parameters,
        "final_loss": final_loss,
        "defaults_returned": parameters == list(DEFAULT_PARAMETERS),
        "fsrs_rs_evaluate_default": fsrs_rs_evaluation(logs, list(DEFAULT_PARAMETERS)),
        "fsrs_rs_evaluate_fitted": fsrs_rs_evaluation(logs, parameters),
        "fsrs_rs_evaluate_fitted_from": split_point(logs),
        "fsrs_rs_evaluate_fitted_late": fsrs_rs_evaluation(logs, parameters, split_point(logs)),
    }


def split_point(logs):
    """A time inside the history (four fifths of the way), for measuring only later reviews."""
    times = sorted(ms(log.review_datetime) for log in logs)
    return times[0] + (times[-1] - times[0]) * 4 // 5


# --- Histories --------------------------------------------------------------------------------------


def read_history(path):
    logs = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            logs.append(
                ReviewLog(
                    card_id=int(row["card_id"]),
                    rating=Rating(int(row["review_rating"])),
                    review_datetime=datetime.fromisoformat(row["review_time"]),
                    review_duration=None,
                )
            )
    return logs


def generated_history(total, seed):
    """A learner whose memory follows FSRS with other parameters than the defaults.

    Cards start on random days of the first month; each is reviewed around its due time (early,
    on time, late or much later), recalled with the true scheduler's retrievability, and rated
    Again when forgotten, else Hard, Good or Easy. Learning steps are same-day reviews.
    """
    rng = random.Random(seed)
    truth = list(DEFAULT_PARAMETERS)
    for index in range(21):
        truth[index] *= 1 + rng.uniform(-0.25, 0.25)
    truth = [min(max(value, low), high) for value, low, high in zip(truth, LOWER, UPPER)]
    scheduler = Scheduler(parameters=truth, enable_fuzzing=False)
    start = datetime(2026, 1, 5, 8, 0, tzinfo=timezone.utc)
    cards = max(4, total // 12)
    queue = []
    for card_id in range(1, cards + 1):
        first = start + timedelta(days=rng.randrange(30), minutes=rng.randrange(16 * 60), milliseconds=rng.randrange(60_000))
        queue.append((first, card_id, Card(card_id=card_id, due=first)))
    logs = []
    heapq.heapify(queue)
    while len(logs) < total and queue:
        when, card_id, card = heapq.heappop(queue)
        if card.last_review is None:
            rating = rng.choices([1, 2, 3, 4], weights=[20, 10, 60, 10])[0]
        else:
            recall = scheduler.get_card_retrievability(card, current_datetime=when)
            if rng.random() < recall:
                rating = rng.choices([2, 3, 4], weights=[15, 75, 10])[0]
            else:
                rating = 1
        card, _ = scheduler.review_card(card, Rating(rating), review_datetime=when)
        logs.append(ReviewLog(card_id=card_id, rating=Rating(rating), review_datetime=when, review_duration=None))
        gap = card.due - when
        kind = rng.random()
        if gap < timedelta(days=1):
            later = gap + timedelta(seconds=rng.randrange(0, 600))
        elif kind < 0.2:
            later = gap * rng.uniform(0.5, 1.0)
        elif kind < 0.8:
            later = gap + timedelta(hours=rng.uniform(0, 36))
        else:
            later = gap * rng.uniform(1.5, 4.0)
        heapq.heappush(queue, (from_ms(ms(when + later)), card_id, card))  # whole milliseconds, as the journal keeps
    return logs


from fsrs.scheduler import LOWER_BOUNDS_PARAMETERS as LOWER, UPPER_BOUNDS_PARAMETERS as UPPER  # noqa: E402


def write_history(path, logs):
    with open(path, "w", newline="") as handle:
        handle.write("card_id,time_ms,rating\n")
        for log in logs:
            handle.write(f"{log.card_id},{ms(log.review_datetime)},{int(log.rating)}\n")


def python_random_vectors():
    """Random(42)'s 32-bit words and shuffles, for the MT19937 and shuffle reproduction."""
    rng = random.Random(42)
    words = [rng.getrandbits(32) for _ in range(8)]
    shuffles = {}
    for size in (1, 2, 3, 10, 100, 1000):
        rng = random.Random(42)
        items = list(range(size))
        rng.shuffle(items)
        rng.shuffle(items)
        shuffles[str(size)] = items if size <= 100 else items[:50]
    return {"seed": 42, "first_words": words, "two_shuffles": shuffles}


def main():
    only = set(sys.argv[1:])
    histories = [("py-fsrs-review-logs", read_history(HERE / "py-fsrs-review-logs.csv"))]
    for total, seed in ((500, 501), (5_000, 5_001), (50_000, 50_001)):
        name = f"generated-{total}"
        logs = generated_history(total, seed)
        write_history(HERE / f"{name}.csv", logs)
        histories.append((name, logs))
    results = []
    for name, logs in histories:
        if only and name not in only:
            continue
        print(f"fitting {name} ({len(logs)} reviews)", file=sys.stderr, flush=True)
        results.append(fit_record(name, logs))
    previous = json.loads(OUT.read_text()) if OUT.exists() and only else {"fits": []}
    kept = [fit for fit in previous.get("fits", []) if fit["name"] not in {result["name"] for result in results}]
    document = {
        "generator": "generate_optimizer_vectors.py",
        "reference": f"py-fsrs {version('fsrs')} Optimizer, torch {torch.__version__}; "
        f"fsrs-rs-python {version('fsrs-rs-python')} evaluate",
        "default_parameters": list(DEFAULT_PARAMETERS),
        "python_random": python_random_vectors(),
        "fits": sorted(kept + results, key=lambda fit: [h[0] for h in histories].index(fit["name"])),
    }
    OUT.write_text(json.dumps(document, indent=1) + "\n")


if __name__ == "__main__":
    main()
