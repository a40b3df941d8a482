/** A payout run's page in the back office. */
export const runPath = (run: { _id: string }) => `/admin/payouts/runs/${encodeURIComponent(run._id)}`;
