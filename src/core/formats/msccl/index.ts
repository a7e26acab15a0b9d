// MSCCL's XML algorithms (the `<algo>` files of MSCCL and RCCL): importXml reads one into a schedule,
// checking it as MSCCL's runtime would (checkProgram); exportXml writes a schedule as one, choosing
// threadblocks, channels and dependencies as MSCCL's own tools do.

export * from './exportXml';
export { MSCCL_LIMITS } from './program';
