/**
 * `npm run replay -- recording.json [--scenario admin|member|noWorkspace|signedOut] [--write out.json]`
 *
 * Replays a QA recording (made with `?record`, downloaded from the user menu) into fresh actors
 * with deterministic fakes and prints the state each event led to. When the recording carries
 * `states` (the values seen while recording, or written by an earlier `--write`), every state is
 * compared and the command exits 1 on a mismatch. `--write` saves the recording with the
 * replayed states, as a baseline for later replays.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { formatReplay, replayRecording, replayScenarios, replayableRecordingSchema, statesOf, type ReplayScenario } from '../tests/support/replay';

const usage = 'usage: npm run replay -- recording.json [--scenario admin|member|noWorkspace|signedOut] [--write out.json]';

const parseArgs = (argv: string[]) => {
  let file: string | null = null;
  let scenario: ReplayScenario = 'admin';
  let write: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--scenario') {
      const value = argv[++i];
      if (!replayScenarios.includes(value as ReplayScenario)) throw new Error(`unknown scenario ${value}\n${usage}`);
      scenario = value as ReplayScenario;
    } else if (arg === '--write') {
      write = argv[++i] ?? null;
      if (!write) throw new Error(usage);
    } else if (arg === '--help' || arg === '-h') {
      throw new Error(usage);
    } else if (!file) {
      file = arg;
    } else {
      throw new Error(`unexpected argument ${arg}\n${usage}`);
    }
  }
  if (!file) throw new Error(usage);
  return { file, scenario, write };
};

const main = async (): Promise<number> => {
  const { file, scenario, write } = parseArgs(process.argv.slice(2));
  const parsed = replayableRecordingSchema.safeParse(JSON.parse(await readFile(file, 'utf8')) as unknown);
  if (!parsed.success) {
    console.error(`${file} is not a recording: ${parsed.error.message}`);
    return 2;
  }
  const recording = parsed.data;
  const report = await replayRecording(recording, { scenario });
  console.log(formatReplay(report));
  if (write) {
    await writeFile(write, `${JSON.stringify({ ...recording, states: statesOf(report) }, null, 2)}\n`);
    console.log(`wrote ${write}`);
  }
  const compared = recording.states ? recording.states.length : 0;
  if (report.mismatches.length) {
    console.error(`${report.mismatches.length} of ${compared} states differ`);
    return 1;
  }
  if (recording.states && report.unknownActors.length) {
    console.error(`cannot check events of unknown actors: ${report.unknownActors.join(', ')}`);
    return 1;
  }
  console.log(
    recording.states
      ? `replayed ${report.steps.length} events: all ${compared} states reached the same`
      : `replayed ${report.steps.length} events (the recording carries no states to compare)`,
  );
  return 0;
};

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  },
);
