// The seeds' formulas as the metrics panel shows them: made in the core (core/model/trafficFormulas.ts), so
// that `gradsync run` prints the same lines.

export { formatElements, formulaReport, type Check } from '../../../core/model';
