// jest's test sequencer, with the files that gather a service's suites first (docs/decisions/066).
// jest runs files with a recorded duration longest first, and files with none (every file on a clean
// clone, as CI runs) largest first. The gathering files (`<service>-on-<database>.test.ts`) are a few
// import lines that run for minutes. Sorted last, orders-on-pglite (232 s) started when the other
// worker had little left, and CI's unit stage waited on it alone.
import Sequencer from '@jest/test-sequencer';

const GATHERING = /-on-(pglite|postgres)\.test\.ts$/;

export default class GatheringFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    return [...sorted.filter((t) => GATHERING.test(t.path)), ...sorted.filter((t) => !GATHERING.test(t.path))];
  }
}
