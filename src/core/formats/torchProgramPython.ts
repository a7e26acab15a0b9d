// The Python text of the torch program (torchProgram.ts fills in its header and the schedule between
// the two parts): PROLOGUE, the comment that says how to run it, with @ALGORITHM@ and @DEVICES@ for the
// schedule's; BODY, everything after the schedule, which reads the inputs, runs the steps on
// torch.distributed and writes the output and the trace.

export const PROLOGUE = `#!/usr/bin/env python3
# @ALGORITHM@ on @DEVICES@ devices, written by \`gradsync export --format torch\`: the schedule run for real on
# torch.distributed, one process per device. Needs only PyTorch.
#
#   torchrun --nproc-per-node @DEVICES@ THIS.py --input IN.json --output OUT.json
#   torchrun --nproc-per-node @DEVICES@ THIS.py --elements K --seed S [--data uniform|mixed] --output OUT.json
#
# IN and OUT: a JSON array of one array of K numbers per device, as \`gradsync run --input/--output\`.
# Backend: nccl where every rank has a GPU of its own, gloo on CPUs otherwise (--backend to choose).
# Each step's messages are exchanged with batch_isend_irecv; a message is its source chunk as it stood
# at the start of the step; received messages are applied in the schedule's order, one f32 operation
# per element (avg first multiplies every input by f32(1/N)), so OUT equals \`gradsync run\` bit for bit.
# --trace FILE writes each rank's measured steps as a Chrome trace; \`gradsync trace --measured FILE\` shows
# it beside the model's timeline.

import json
`;

export const BODY = `
import argparse
import os
import sys
import time

import torch
import torch.distributed as dist

OPS = ("sum", "avg", "max", "min", "prod")


def fail(message, code=2):
    print(f"gradsync torch program: {message}", file=sys.stderr)
    sys.exit(code)


def random_inputs(devices, elements, op, seed, data):
    """gradsync's test data (engine/inputs.ts): splitmix32, the same values for the same seed."""
    state = seed & 0xFFFFFFFF

    def imul(a, b):
        return (a * b) & 0xFFFFFFFF

    def draw():
        nonlocal state
        state = (state + 0x9E3779B9) & 0xFFFFFFFF
        z = state
        z = imul(z ^ (z >> 16), 0x85EBCA6B)
        z = imul(z ^ (z >> 13), 0xC2B2AE35)
        return ((z ^ (z >> 16)) & 0xFFFFFFFF) / 4294967296.0

    count = devices * elements
    out = []
    if op == "prod":
        for _ in range(count):
            exponent = draw() * 2 - 1
            out.append(2.0 ** exponent * (-1.0 if draw() < 0.5 else 1.0))
    elif data == "mixed":
        powers = [2.0 ** (k - 10) for k in range(21)]
        for _ in range(count):
            bits = int(draw() * 4294967296.0)
            mantissa = 1 + (bits & 0xFFFF) / 65536
            out.append(mantissa * powers[((bits >> 16) & 0x7FFF) % 21] * (1.0 if bits < 0x80000000 else -1.0))
    else:
        for _ in range(count):
            out.append((int(draw() * 16777216) / 8388608) - 1)
    return [out[d * elements:(d + 1) * elements] for d in range(devices)]


def read_inputs(path, devices):
    try:
        with open(path) as f:
            rows = json.load(f)
    except (OSError, ValueError) as error:
        fail(f"{path}: {error}")
    if not isinstance(rows, list) or len(rows) != devices:
        fail(f"{path}: expected a JSON array of {devices} arrays (one per device)")
    elements = len(rows[0]) if isinstance(rows[0], list) else -1
    for d, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != elements or elements < 1:
            fail(f"{path}: device {d} needs an array of {max(elements, 1)} numbers, as device 0 has")
        for e, x in enumerate(row):
            if isinstance(x, bool) or not isinstance(x, (int, float)):
                fail(f"{path}: device {d}, element {e}: expected a number, got {json.dumps(x)}")
    return rows, elements


def chunk_bounds(elements, chunks):
    return [(c * elements) // chunks for c in range(chunks + 1)]


def combine(op, into, message):
    if op in ("sum", "avg"):
        into.add_(message)
    elif op == "prod":
        into.mul_(message)
    elif op == "max":
        into.copy_(torch.where(message > into, message, into))
    else:
        into.copy_(torch.where(message < into, message, into))


def main():
    parser = argparse.ArgumentParser(description=f"{SCHEDULE['algorithm']} {SCHEDULE['collective']} on torch.distributed")
    parser.add_argument("--input", help="JSON array of N arrays of K numbers")
    parser.add_argument("--elements", type=int, help="K elements per device of random data (see --seed, --data)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", choices=("uniform", "mixed"), default="uniform")
    parser.add_argument("--op", choices=OPS, default=DEFAULT_OP)
    parser.add_argument("--output", help="write the final buffers (rank 0), same shape as --input")
    parser.add_argument("--trace", help="write the measured steps as a Chrome trace (rank 0)")
    parser.add_argument("--backend", choices=("auto", "gloo", "nccl"), default="auto")
    args = parser.parse_args()
    if (args.input is None) == (args.elements is None):
        fail("give either --input FILE or --elements K")
    if args.elements is not None and args.elements < 1:
        fail(f"--elements must be at least 1, got {args.elements}")

    devices = SCHEDULE["devices"]
    world = int(os.environ.get("WORLD_SIZE", "0"))
    if world != devices:
        fail(f"the schedule has {devices} devices but WORLD_SIZE is {world or 'unset'}: run it with torchrun --nproc-per-node {devices}")
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ.get("LOCAL_RANK", rank))
    local_world = int(os.environ.get("LOCAL_WORLD_SIZE", world))

    if args.input is not None:
        rows, elements = read_inputs(args.input, devices)
    else:
        elements = args.elements
        rows = random_inputs(devices, elements, args.op, args.seed, args.data)

    backend = args.backend
    if backend == "auto":
        backend = "nccl" if torch.cuda.is_available() and torch.cuda.device_count() >= local_world and dist.is_nccl_available() else "gloo"
    if backend == "nccl":
        torch.cuda.set_device(local_rank)
        device = torch.device("cuda", local_rank)
    else:
        device = torch.device("cpu")
    dist.init_process_group(backend=backend)

    places = SCHEDULE["places"]
    chunks = SCHEDULE["chunks"]
    if places is None:
        # One buffer; slot c is chunk c.
        buffer = torch.tensor(rows[rank], dtype=torch.float32, device=device)
        bounds = chunk_bounds(elements, chunks)
        slot_bounds = lambda slot: (bounds[slot], bounds[slot + 1])
    else:
        # Input, output and scratch chunks side by side, all elements / chunks long.
        if elements % chunks != 0:
            fail(f"this schedule moves chunks between places, so the elements ({elements}) must be a multiple of its {chunks} chunks")
        size = elements // chunks
        slot_bounds = lambda slot: (slot * size, (slot + 1) * size)
        buffer = torch.zeros(places["slots"] * size, dtype=torch.float32, device=device)
        row = torch.tensor(rows[rank], dtype=torch.float32, device=device)
        for slot, chunk in enumerate(places["initial"][rank]):
            if chunk >= 0:
                buffer[slot * size:(slot + 1) * size].copy_(row[chunk * size:(chunk + 1) * size])
    if args.op == "avg" and SCHEDULE["premultiply"]:
        buffer.mul_(torch.tensor(1.0 / devices, dtype=torch.float32, device=device))

    def synchronize():
        if device.type == "cuda":
            torch.cuda.synchronize(device)

    dist.barrier()
    spans = []
    started = time.perf_counter()
    for number, (phase, transfers) in enumerate(STEPS):
        begin = time.perf_counter()
        ops = []
        received = []
        for index, transfer in enumerate(transfers):
            # [src, dst, chunk, reduce], or [src, dst, source slot, target slot, reduce].
            src, dst, source = transfer[0], transfer[1], transfer[2]
            lo, hi = slot_bounds(source)
            if hi == lo:
                continue
            if src == dst:
                # A local copy or reduce: its message is the source as the step found it.
                if src == rank:
                    received.append((index, buffer[lo:hi].clone()))
                continue
            if src == rank:
                ops.append(dist.P2POp(dist.isend, buffer[lo:hi].contiguous(), dst, tag=index))
            if dst == rank:
                message = torch.empty(hi - lo, dtype=torch.float32, device=device)
                ops.append(dist.P2POp(dist.irecv, message, src, tag=index))
                received.append((index, message))
        if ops:
            for request in dist.batch_isend_irecv(ops):
                request.wait()
        # Applied after every message of the step has arrived, in the schedule's order.
        for index, message in received:
            target, reduce = transfers[index][-2], transfers[index][-1]
            lo, hi = slot_bounds(target)
            if reduce:
                combine(args.op, buffer[lo:hi], message)
            else:
                buffer[lo:hi].copy_(message)
        synchronize()
        end = time.perf_counter()
        spans.append((number, phase, begin - started, end - begin))
        dist.barrier()

    if places is None:
        result = buffer
    else:
        # The output buffer in the order of the data's chunks.
        result = torch.cat([buffer[slot * size:(slot + 1) * size] for slot in places["result"][rank]]) if chunks > 0 else buffer
    gathered = [torch.empty(elements, dtype=torch.float32, device=device) for _ in range(devices)]
    dist.all_gather(gathered, result.contiguous())
    every_span = [None] * devices
    dist.all_gather_object(every_span, spans)
    if rank == 0:
        if args.output:
            with open(args.output, "w") as f:
                f.write("[\\n")
                for d, row in enumerate(gathered):
                    f.write(json.dumps(row.cpu().tolist()) + (",\\n" if d < devices - 1 else "\\n"))
                f.write("]\\n")
        if args.trace:
            # Named as gradsync's model names steps, in a process of its own: \`gradsync trace --measured\`
            # shows it beside the model's timeline.
            events = [
                {"name": "process_name", "ph": "M", "pid": 2, "tid": 0, "args": {"name": f"measured: {SCHEDULE['algorithm']} on torch.distributed ({backend})"}},
                {"name": "process_sort_index", "ph": "M", "pid": 2, "tid": 0, "args": {"sort_index": 1}},
            ]
            for r, rank_spans in enumerate(every_span):
                events.append({"name": "thread_name", "ph": "M", "pid": 2, "tid": r, "args": {"name": f"GPU-{r}"}})
                for number, phase, at, took in rank_spans:
                    name = f"{phase} step {number + 1}" if phase else f"step {number + 1}"
                    events.append({"name": name, "cat": phase or "step", "ph": "X", "pid": 2, "tid": r, "ts": at * 1e6, "dur": took * 1e6, "args": {"step": number + 1, "phase": phase}})
            other = {"source": "gradsync torch program", "algorithm": SCHEDULE["algorithm"], "collective": SCHEDULE["collective"], "devices": devices, "steps": len(STEPS), "elements": elements, "op": args.op, "backend": backend}
            with open(args.trace, "w") as f:
                json.dump({"traceEvents": events, "displayTimeUnit": "ns", "otherData": other}, f)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
`;
