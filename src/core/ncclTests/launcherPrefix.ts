// What launchers put before each line a rank prints, so that nccl-tests' own text can be read under
// it: Open MPI's --tag-output ("[1,0]<stdout>:"), Slurm's srun -l (" 0: "), MPICH/Intel MPI's -l and
// -prepend-rank ("[0] "), pdsh ("host-a: "), "[host:1234] " and kubectl logs --timestamps
// ("2024-05-01T12:00:00.123Z "). nccl-tests prints a row in several writes, and some launchers tag
// every write, so a tag can also stand in the middle of a row ("   8   2  float  sum  -1[0]  30.1 …").

const TAGS: readonly RegExp[] = [
  /^\s*\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:?\d\d)?\s+/,
  /^\s*\[\d+,\d+\]<std(?:out|err)>:\s?/,
  /^\s*\[[^\]\s]+\]\s?:?\s?/,
  /^\s*\d+:\s/,
  /^[\w.-]*[A-Za-z][\w.-]*:\s/,
];

/** Tags that, once seen at a line's start, are also removed where they recur inside it. */
const REPEATED = /^\s*\[[^\]\s]+\]/;

/** The line as nccl-tests printed it, without the launcher's tags. */
export function untagged(line: string): string {
  let rest = line;
  for (let guard = 0; guard < 3; guard++) {
    const tag = TAGS.map((pattern) => pattern.exec(rest)).find((match) => match !== null);
    if (!tag) break;
    const repeated = REPEATED.exec(tag[0]);
    rest = rest.slice(tag[0].length);
    if (repeated) rest = rest.split(repeated[0].trim()).join(' ');
  }
  return rest;
}
