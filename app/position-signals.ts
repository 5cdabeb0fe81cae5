/**
 * Which live rides this API process may signal a position to now: at most one `reportPosition` Signal per booking per
 * interval (GPS_UPDATE_INTERVAL_SECONDS, the workflow's own `gps.update` coalescing interval). Positions land in the
 * read model whatever this says; the Signal only lets the workflow send the then-latest position as `gps.update`, so a
 * ride's history grows by at most one Signal per interval per API process, however often its driver reports.
 */
export class PositionSignals {
  private readonly last = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  /** True (and remembered) when `bookingId` was not signalled within the interval. */
  take(bookingId: string, now = Date.now()): boolean {
    const previous = this.last.get(bookingId);
    if (previous !== undefined && now - previous < this.intervalMs) return false;
    this.last.set(bookingId, now);
    if (this.last.size > 10_000) this.prune(now);
    return true;
  }

  private prune(now: number) {
    for (const [id, at] of this.last) if (now - at >= this.intervalMs) this.last.delete(id);
  }
}
