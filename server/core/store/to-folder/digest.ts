// A table's checksum that both stores compute alike, so a copy in either direction can prove that every
// row arrived unchanged (`formstead migrate`): SHA-256 of each row's values in the data folder's form
// (booleans 0/1, whole numbers as numbers, text as text), the row hashes sorted (so neither side's
// collation or row order matters), then SHA-256 over them.
import { createHash } from 'node:crypto';

/** One value as the data folder holds it: booleans as 0/1; everything else as it is. */
const embedded = (value: unknown): unknown => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** Collects rows (values in one fixed column order) and answers their checksum. */
export class TableDigest {
  private readonly rowHashes: Buffer[] = [];

  /** Adds one row. */
  add(values: readonly unknown[]): void {
    this.rowHashes.push(
      createHash('sha256')
        .update(JSON.stringify(values.map(embedded)))
        .digest(),
    );
  }

  /** How many rows were added. */
  get rows(): number {
    return this.rowHashes.length;
  }

  /** The checksum, hex. */
  hex(): string {
    const all = createHash('sha256');
    for (const h of this.rowHashes.sort(Buffer.compare)) all.update(h);
    return all.digest('hex');
  }
}
