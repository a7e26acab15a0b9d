// Every way a schedule or a run is written down and read back, each with its own rules of text.
//
// - scheduleJson: `gradsync-schedule/1` and `/2` JSON as people read it; scheduleText tells a file's
//   format (JSON or MSCCL XML) by its content; scheduleUrl carries a schedule inside a link;
//   transferSources says where in its text each transfer of a schedule read from a file is written.
// - msccl: MSCCL's XML algorithms, read into a schedule and written from one.
// - trace, dataflowTrace: the model timeline as a Chrome trace (Perfetto, chrome://tracing).
// - measuredRun: the trace a real run writes, read back for the timeline.
// - fabricText: a fitted fabric in one line, as links and the command line carry it.
// - torchProgram: the Python program that runs a schedule on torch.distributed (its text: torchProgramPython).

export * from './scheduleJson';
export * from './scheduleText';
export * from './scheduleUrl';
export * from './msccl';
export * from './trace';
export * from './dataflowTrace';
export * from './measuredRun';
export * from './fabricText';
export * from './torchProgram';
export * from './transferSources';
