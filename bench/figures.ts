/**
 * The figures of issue 11's table, each with its goal. A benchmark reports a figure as soon as it has it
 * (a line with the goal and a pass/fail mark); `npm run bench` ends with the whole table.
 */
export interface Goal {
  figure: string;
  goal: number;
  /** Whether the figure must be at least (`min`) or at most (`max`) the goal. */
  kind: 'min' | 'max';
  unit: '×' | 'KB' | 's';
}

export const GOALS = {
  healthz: { figure: 'GET /healthz vs bare Fastify 5 hello-JSON, req/s', goal: 0.8, kind: 'min', unit: '×' },
  me: { figure: 'GET /api/v1/me (Bearer) vs bare Fastify 5, req/s', goal: 0.5, kind: 'min', unit: '×' },
  tokenSignIn: { figure: 'token sign-in vs bare Fastify 5, req/s', goal: 0.5, kind: 'min', unit: '×' },
  passwordSignIn: {
    figure: 'password sign-in vs raw argon2id verify, same concurrency',
    goal: 0.9,
    kind: 'min',
    unit: '×',
  },
  firstVisit: {
    figure: 'first visit to /: bytes on the wire (document + script + CSS)',
    goal: 90,
    kind: 'max',
    unit: 'KB',
  },
  paint: {
    figure: 'largest contentful paint, slowest of /, /login, /pricing, /delete-account (phone, slow 4G)',
    goal: 1.5,
    kind: 'max',
    unit: 's',
  },
  push: { figure: 'push to 2,000 sockets, p99, vs a bare ws broadcast', goal: 1.3, kind: 'max', unit: '×' },
  sessionCheck: {
    figure: 'session check vs Better Auth get-session (both on SQLite), req/s',
    goal: 5,
    kind: 'min',
    unit: '×',
  },
  coldStart: {
    figure: 'cold start, process start to /readyz 200, vs a bare Fastify 5 process (one route)',
    goal: 2,
    kind: 'max',
    unit: '×',
  },
} satisfies Record<string, Goal>;

export type Figure = keyof typeof GOALS;

const measured = new Map<Figure, { value: number; note: string }>();

const digits = (unit: Goal['unit']) => (unit === 'KB' ? 1 : 2);
const spelled = (value: number, unit: Goal['unit'], places: number) =>
  `${value.toFixed(places)}${unit === '×' ? '×' : ` ${unit}`}`;
const formatGoal = (goal: number, unit: Goal['unit']) => spelled(goal, unit, digits(unit));

/**
 * A figure as printed; one that would round to its goal's own spelling gets two more places, so that a
 * figure just under a goal of 0.90× never reads "0.90× FAIL" (it reads 0.8996×).
 */
export function formatFigure(name: Figure, value: number): string {
  const { goal, unit } = GOALS[name];
  const places = digits(unit);
  const short = spelled(value, unit, places);
  return value !== goal && short === formatGoal(goal, unit) ? spelled(value, unit, places + 2) : short;
}

function verdict(name: Figure, value: number) {
  const { goal, kind, unit } = GOALS[name];
  const meets = kind === 'min' ? value >= goal : value <= goal;
  return `goal ${kind === 'min' ? '≥' : '≤'} ${formatGoal(goal, unit)}  ${meets ? 'PASS' : 'FAIL'}`;
}

/** Prints one figure beside its goal and keeps it for the closing table; `note` says what it compares. */
export function report(name: Figure, value: number, note = '') {
  measured.set(name, { value, note });
  const { figure } = GOALS[name];
  console.log(
    `  → ${figure}: ${formatFigure(name, value)}  (${verdict(name, value)})${note ? `  ${note}` : ''}`,
  );
}

/** Every figure measured in this run, in the order of the issue's table, with its note (the CPU figures). */
export function printTable() {
  if (measured.size === 0) return;
  console.log('\nfigures of this run (goals from issues 11 and 25)');
  for (const name of Object.keys(GOALS) as Figure[]) {
    const result = measured.get(name);
    const { figure } = GOALS[name];
    const value = result ? formatFigure(name, result.value) : 'not run';
    const note = result?.note ? `  ${result.note}` : '';
    console.log(
      `  ${figure.padEnd(96)} ${value.padStart(9)}  ${result ? verdict(name, result.value) : ''}${note}`,
    );
  }
}
