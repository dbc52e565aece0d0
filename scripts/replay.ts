/**
 * `npm run replay -- recording.json [--steps]`
 *
 * Replays a QA recording (made with `?record`, downloaded from the user menu) actor by actor
 * into fresh actors of the same machines, with no effect running (src/services/replay.ts says
 * how), and compares each actor's state after every event with the recorded one. Prints a
 * summary per actor (`--steps` also lists every event and the state it led to).
 *
 * Exit code: 0 when every state is the same; 1 when a state differs, an actor's machine is
 * unknown, or the recording has nothing to compare; 2 when the file is not a recording.
 */
import { readFile } from 'node:fs/promises';
import { formatReplay, formatSteps, parseRecording, replayRecording } from '../src/services/replay';

const usage = 'usage: npm run replay -- recording.json [--steps]';

const main = async (argv: string[]): Promise<number> => {
  const steps = argv.includes('--steps');
  const files = argv.filter((a) => a !== '--steps');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  const file = files[0]!;
  const parsed = parseRecording(await readFile(file, 'utf8'));
  if (!parsed.ok) {
    console.error(`${file}: ${parsed.message}`);
    return parsed.message.includes('nothing to compare') ? 1 : 2;
  }
  if (steps) console.log(`${formatSteps(parsed.recording)}\n`);
  const report = replayRecording(parsed.recording);
  console.log(`${file} (recorded ${parsed.recording.recordedAt})`);
  console.log(formatReplay(report, parsed.recording));
  return report.ok ? 0 : 1;
};

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  },
);
