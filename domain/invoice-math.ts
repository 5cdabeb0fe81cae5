import type { TaxCategory } from './tax-rules';

/** A document line as it is taxed: its net in minor units of the document's currency, and its rule's category and rate. */
export interface TaxableLine {
  net: bigint;
  category: TaxCategory;
  ratePpm: number;
  /**
   * The tax the line's booking was agreed with (its agreed gross less its net), where one was agreed: the line then
   * carries it, and the document's rounding amount brings what is due back to the sum of the agreed grosses.
   */
  agreedTax?: bigint;
}

export interface TaxBucket {
  category: TaxCategory;
  ratePpm: number;
  net: bigint;
  tax: bigint;
}

export interface DocumentTotals {
  net: bigint;
  tax: bigint;
  gross: bigint;
  buckets: TaxBucket[];
  /**
   * Each line's tax, for information: the tax its booking was agreed with where the line has one, else its share of
   * its bucket's tax (shares sum to the bucket's tax exactly).
   */
  lineTax: bigint[];
  /**
   * EN 16931 BT-114: what brings the amount due to the sum of the lines' agreed grosses (net + line tax) where
   * rounding VAT once per bucket (BR-CO-17) lands elsewhere. Zero when no line carries an agreed tax.
   */
  rounding: bigint;
  /** BT-115: gross + rounding, what the customer pays. */
  amountDue: bigint;
}

/** a / b rounded half away from zero, in integers (b > 0). */
export function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (2n * (r < 0n ? -r : r) >= b) return a < 0n ? q - 1n : q + 1n;
  return q;
}

const PPM = 1_000_000n;

/**
 * The totals of an invoice or credit note as EN 16931 wants them: lines carry nets; VAT is rounded once per
 * (category, rate) bucket from the bucket's net; the document's tax is the sum of its buckets and its gross the net
 * plus the tax. So lines, buckets and totals add up exactly in every currency (BR-CO-10…15, BR-S-08/09).
 */
export function documentTotals(lines: readonly TaxableLine[]): DocumentTotals {
  const byKey = new Map<string, { bucket: TaxBucket; members: number[] }>();
  lines.forEach((line, i) => {
    const key = `${line.category}:${line.ratePpm}`;
    const entry = byKey.get(key) ?? { bucket: { category: line.category, ratePpm: line.ratePpm, net: 0n, tax: 0n }, members: [] };
    entry.bucket.net += line.net;
    entry.members.push(i);
    byKey.set(key, entry);
  });
  const lineTax = lines.map(() => 0n);
  const buckets: TaxBucket[] = [];
  for (const { bucket, members } of byKey.values()) {
    bucket.tax = divRound(bucket.net * BigInt(bucket.ratePpm), PPM);
    allocate(
      bucket.tax,
      members.map((i) => lines[i].net),
    ).forEach((share, j) => (lineTax[members[j]] = lines[members[j]].agreedTax ?? share));
    buckets.push(bucket);
  }
  buckets.sort((a, b) => (a.category === b.category ? b.ratePpm - a.ratePpm : a.category < b.category ? -1 : 1));
  const net = buckets.reduce((sum, b) => sum + b.net, 0n);
  const tax = buckets.reduce((sum, b) => sum + b.tax, 0n);
  const gross = net + tax;
  const agreed = net + lineTax.reduce((sum, t) => sum + t, 0n);
  return { net, tax, gross, buckets, lineTax, rounding: agreed - gross, amountDue: agreed };
}

/**
 * A ride or fee as the invoice bills it: prices are agreed tax-inclusive, so the net is the gross's net at the line's
 * rate and the agreed tax what the gross holds beyond it; a partner is billed that net less its commission (taken on
 * the net), taxed on what is left.
 */
export function billedLine(grossMinor: bigint, commissionMinor: bigint, ratePpm: number): { net: bigint; agreedTax: bigint } {
  const net = netOfGross(grossMinor, ratePpm);
  if (commissionMinor === 0n) return { net, agreedTax: grossMinor - net };
  const billed = net - commissionMinor;
  return { net: billed, agreedTax: divRound(billed * BigInt(ratePpm), PPM) };
}

/** Splits `total` over `weights` in proportion, largest remainders first, so the shares sum to `total` exactly. */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, w) => a + w, 0n);
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0n));
  const shares = weights.map((w) => (total * w) / sum);
  let left = total - shares.reduce((a, s) => a + s, 0n);
  const step = left < 0n ? -1n : 1n;
  const order = weights
    .map((w, i) => ({ i, rem: (total * w) % sum }))
    .sort((a, b) =>
      step > 0n ? (b.rem > a.rem ? 1 : b.rem < a.rem ? -1 : a.i - b.i) : a.rem > b.rem ? 1 : a.rem < b.rem ? -1 : a.i - b.i,
    );
  for (let k = 0; left !== 0n; k = (k + 1) % order.length) {
    shares[order[k].i] += step;
    left -= step;
  }
  return shares;
}

/** The net of a tax-inclusive amount at `ratePpm`, rounded half away from zero (a fee agreed gross). */
export function netOfGross(gross: bigint, ratePpm: number): bigint {
  return divRound(gross * PPM, PPM + BigInt(ratePpm));
}

/** The net whose tax at `ratePpm` brings it to `gross` exactly, if one does (at 20 % about one gross in six has none). */
function netReaching(gross: bigint, ratePpm: number): bigint | undefined {
  const first = netOfGross(gross, ratePpm);
  return [first, first - 1n, first + 1n].find((n) => n + divRound(n * BigInt(ratePpm), PPM) === gross);
}

/**
 * The lines of a credit note for a gross `amount` (a partial refund) against a document's buckets: the amount split
 * over the buckets by their gross (a minor unit moved between buckets where a share has no exact net), and in each
 * bucket the net whose bucket tax brings it back to that share exactly. Null when no split reaches the amount: the
 * caller offers a minor unit more or less.
 */
export function creditLinesForAmount(amount: bigint, buckets: readonly TaxBucket[]): TaxableLine[] | null {
  const shares = allocate(
    amount,
    buckets.map((b) => b.net + b.tax),
  );
  for (const [i, b] of buckets.entries()) {
    if (shares[i] === 0n || netReaching(shares[i], b.ratePpm) !== undefined) continue;
    const fix = buckets
      .flatMap((other, j) => [1n, -1n].map((d) => ({ j, d, other })))
      .find(
        ({ j, d, other }) =>
          j !== i &&
          shares[j] - d > 0n &&
          netReaching(shares[i] + d, b.ratePpm) !== undefined &&
          netReaching(shares[j] - d, other.ratePpm) !== undefined,
      );
    if (!fix) return null;
    shares[i] += fix.d;
    shares[fix.j] -= fix.d;
  }
  return buckets.flatMap((b, i) =>
    shares[i] === 0n ? [] : [{ net: netReaching(shares[i], b.ratePpm)!, category: b.category, ratePpm: b.ratePpm }],
  );
}
