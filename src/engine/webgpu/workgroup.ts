// The workgroup every engine kernel runs in, which the tables of plan.ts and columnPlan.ts tile by.

/** Invocations per workgroup, in every kernel. */
export const WORKGROUP_SIZE = 64;
