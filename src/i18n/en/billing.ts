/**
 * Plans, seats and payment (SPEC §2 add seats, plan upgrade, payment-issue survey). Sections:
 * `money` (shared amount words), `seats` (seat purchase), `upgrade` (plan upgrade and the plan
 * panel), `survey` (payment-issue survey), `checkout` (following a checkout in its tab).
 */
export const billing = {
  money: {
    total: 'Total: {amount:string}',
  },
  seats: {
    title: 'Add seats',
  },
  upgrade: {
    title: 'Upgrade your plan',
    success: 'Your package has been successfully upgraded.',
  },
  survey: {
    title: 'Your last payment did not go through',
  },
  checkout: {
    waiting: 'Complete the payment in the checkout tab…',
  },
};
