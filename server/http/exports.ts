// The submissions exports as downloads (ARCHITECTURE.md "Knowing how a form does"): the CSV file (spec 4.3) and the
// workbook streamed as they are read, and one answer as a PDF, for the REST API and the panel alike.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../core/services.ts';
import type { ExportOptions } from '../core/exports/export-options.ts';
import { xlsxColumns, xlsxRows } from '../core/exports/xlsx-sheet.ts';
import type { FormRecord, SubmissionFilter, SubmissionRecord } from '../core/store/types.ts';
import { submissionView } from '../core/submission-reads.ts';
import { OneAtATime } from '../lib/one-at-a-time.ts';
import { clientIp } from '../lib/client-ip.ts';
import { writeXlsx } from '../lib/xlsx-writer.ts';

/** The headers of a download: saved under `name`, never sniffed or cached. */
export function startDownload(res: ServerResponse, type: string, name: string) {
  res.writeHead(200, {
    'content-type': type,
    'content-disposition': `attachment; filename="${name}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
}

/**
 * Streams the CSV chunks the read service produces (only rows matching `filter` when given), waiting for the socket
 * to drain between them.
 */
export async function streamCsv(
  s: Services,
  res: ServerResponse,
  form: FormRecord,
  filter: SubmissionFilter | undefined,
  options: ExportOptions,
) {
  await streamText(res, 'text/csv; charset=utf-8', `${form.id}-submissions.csv`, s.reads.csv(form, filter, options));
}

/**
 * Streams a form's submissions as JSON lines (`{id}-submissions.jsonl`), oldest first, each the object of a page's
 * list; `signed`: the answer chain's links and the signed head instead (docs/api.md, "Signed export").
 */
export async function streamJsonLines(s: Services, res: ServerResponse, form: FormRecord, signed: boolean) {
  const lines = signed ? s.chain.exportLines(form) : viewLines(s.reads.oldestFirst(form));
  await streamText(
    res,
    'application/jsonl; charset=utf-8',
    `${form.id}-submissions${signed ? '-signed' : ''}.jsonl`,
    lines,
  );
}

/** Each submission as the JSON line of its page object. */
async function* viewLines(subs: AsyncIterable<SubmissionRecord>): AsyncIterable<string> {
  for await (const sub of subs) yield `${JSON.stringify(submissionView(sub))}\n`;
}

/** A download written chunk by chunk as it is read, waiting for the socket to drain between chunks. */
async function streamText(res: ServerResponse, type: string, name: string, chunks: AsyncIterable<string>) {
  startDownload(res, type, name);
  for await (const chunk of chunks) {
    if (res.destroyed) return;
    if (!res.write(chunk)) await drainOrClose(res);
  }
  res.end();
}

/** Streams the same columns as a workbook (`{id}-submissions.xlsx`), one typed row per submission. */
export async function streamXlsx(
  s: Services,
  res: ServerResponse,
  form: FormRecord,
  filter: SubmissionFilter | undefined,
  options: ExportOptions,
) {
  const columns = await s.reads.exportColumns(form, options.headers);
  const extraKeys = await s.reads.extraKeys(form);
  startDownload(
    res,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    `${form.id}-submissions.xlsx`,
  );
  await writeXlsx(
    res,
    'Submissions',
    xlsxColumns(columns, extraKeys),
    xlsxRows(columns, s.reads.oldestFirst(form, filter), options, extraKeys),
  );
}

/**
 * One submission as a PDF (`{form id}-{submission id}.pdf`); 404 before anything is sent when it is not the form's,
 * 429 when the address or the form asked for too many. PDFs are laid out one at a time (pdfLane), so a burst of
 * them takes turns with every other request instead of all at once.
 */
export async function sendPdf(
  s: Services,
  req: IncomingMessage,
  res: ServerResponse,
  form: FormRecord,
  submissionId: string,
) {
  const limits = s.rateLimits;
  await limits.take([limits.pdfPerIp, clientIp(req, s.config.trustProxy)], [limits.pdfPerForm, form.id]);
  const content = await s.reads.pdf(form, submissionId);
  // Loaded at the first PDF, so a start does not pay for the PDF writer (docs/performance.md, "At rest").
  const { writeAnswerPdf } = await import('../lib/pdf/answer-pdf.ts');
  await pdfLane.run(async () => {
    if (res.destroyed) return;
    startDownload(res, 'application/pdf', `${form.id}-${submissionId}.pdf`);
    await writeAnswerPdf(res, content);
  });
}

/** The PDFs being laid out: one at a time, the rest wait their turn (each already passed the rate limits). */
const pdfLane = new OneAtATime();

/** Resolves when the socket can take more, or is gone; removes both listeners either way. */
function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
