// Data-parallel training around the all-reduce: the models and devices of the training view, one
// iteration's compute and communication with or without overlap (iteration, strategies, ddp) and its
// lanes as a reader follows them (lanes), a parameter server's ports, and the real run's
// least-squares regression with its rounding bound.

export * from './models';
export * from './devices';
export * from './iteration';
export * from './lanes';
export * from './strategies';
export * from './ddp';
export * from './serverPorts';
export * from './regression';
export * from './roundingBound';
export * from './report';
export * from './story';
export * from './realRunStory';
