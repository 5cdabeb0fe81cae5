/**
 * The unstarted-bookings sweep (app/unstarted-bookings.ts): which booking rows whose workflow never ran it starts, and
 * how fast. A process that died between its commit and its start leaves a handful of rows; rows in bulk (an import, a
 * restore, a seed without `workflow_started_at`) mean something else went wrong, so they are started at a bounded pace,
 * never all at once, and `hub_unstarted_bookings` shows them.
 */

/** A booking row this old whose workflow never ran is taken for one whose API process died before starting it. */
export const UNSTARTED_AFTER_SECONDS = 60;
/** How far back the sweep looks (it runs every minute, so this leaves ample margin); older rows it never starts. */
export const UNSTARTED_WINDOW_MINUTES = 60;
/** The most workflows one sweep (one a minute, in one API process of the deployment) starts. */
export const SWEEP_MAX_STARTS = 60;
/** The pace of those starts. */
export const SWEEP_STARTS_PER_SECOND = 2;
