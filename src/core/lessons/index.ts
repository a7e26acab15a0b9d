// Lessons a teacher runs: the sequence that follows the seeds' argument (catalog), and the exercises
// of each, answered by the simulator itself.
//
// - catalog: every lesson's title, framing in the seeds' words, figure and questions, in order.
// - stepQuestion: "predict the step", a question about the next step made from its transfers, with
//   wrong options a reader would pick, answered by the replay and told by the narration; and whether
//   two questions can share a sheet without giving each other away.
// - optionKeys: options named and picked by number, 1 to the option count ("Pick 1–3").
// - stepPlace: where the figure stands, in plain words ("Before step 1 of 6").
// - costQuestion: a worked problem ("ring on 8 GPUs, 1 GiB, 100 GB/s, 5 µs per step: how long?"),
//   answered by the α-β model with its working written out.
// - trainingQuestion: overlap, sharding and the parameter server, answered by the training model.

export * from './catalog';
export * from './stepQuestion';
export * from './costQuestion';
export * from './trainingQuestion';
export * from './optionKeys';
export * from './stepPlace';
