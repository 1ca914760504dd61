// Opening an export of an encrypted form (`formstead decrypt`): each JSON line's envelope (a JSONL export's
// `encrypted`, or a signed export's stored `values` of {"encrypted": ...}) becomes its values in the clear;
// lines without one (answers from before encryption, a signed export's deletion links and head) stay as
// they are. The first line the key cannot open stops it, named, so nothing half-opened is written.
import { decryptAnswer, type Envelope } from '../../../shared/crypto/envelope.ts';
import { storedEnvelope } from '../../../shared/crypto/envelope-shape.ts';

/** One line of the export as read, with its envelope opened. */
export type OpenedLine = Record<string, unknown>;

/** The export's form id: a signed export's head names it, else a file named `<id>-submissions….jsonl`. */
export function exportFormId(lines: OpenedLine[], fileName: string): string | undefined {
  const head = lines.find((l) => l.kind === 'head' && typeof l.form_id === 'string');
  if (head) return head.form_id as string;
  return /(?:^|[\\/])([A-Za-z0-9_-]+)-submissions(?:-signed)?\.jsonl$/.exec(fileName)?.[1];
}

/** Parses the JSON lines; a line that is not a JSON object throws naming it. */
export function exportLines(text: string): OpenedLine[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, n }) => {
      try {
        const value = JSON.parse(line);
        if (value && typeof value === 'object' && !Array.isArray(value)) return value as OpenedLine;
      } catch {
        // Said below.
      }
      throw new Error(`line ${n}: not a JSON object (is this a JSONL export?)`);
    });
}

/** Each line with its answer opened: `values` in the clear (and `skipped_steps` when there were some). */
export async function openLines(lines: OpenedLine[], key: CryptoKey, formId: string): Promise<OpenedLine[]> {
  const out: OpenedLine[] = [];
  for (const [i, line] of lines.entries()) {
    const envelope = (line.encrypted as Envelope | undefined) ?? storedEnvelope(line.values);
    if (!envelope) {
      out.push(line);
      continue;
    }
    let opened: Awaited<ReturnType<typeof decryptAnswer>>;
    try {
      opened = await decryptAnswer(envelope, key, formId);
    } catch (err) {
      throw new Error(`line ${i + 1} (answer ${String(line.id ?? '?')}): ${(err as Error).message}`);
    }
    const { encrypted: _sealed, ...rest } = line;
    out.push({
      ...rest,
      values: opened.values,
      ...(opened.skippedSteps?.length ? { skipped_steps: opened.skippedSteps } : {}),
    });
  }
  return out;
}

/** The opened answers as CSV rows: id, created_at, then every value key in the order first met. */
export function openedTable(lines: OpenedLine[]): unknown[][] {
  const answers = lines.filter((l) => l.values && typeof l.values === 'object' && l.kind !== 'head');
  const keys: string[] = [];
  for (const a of answers) for (const k of Object.keys(a.values as object)) if (!keys.includes(k)) keys.push(k);
  return [
    ['id', 'created_at', ...keys],
    ...answers.map((a) => [a.id, a.created_at, ...keys.map((k) => (a.values as Record<string, unknown>)[k])]),
  ];
}
