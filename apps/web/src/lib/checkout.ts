/** Leaves the app for the hosted checkout page (Stripe's, or the local test double). */
export function goToCheckout(url: string) {
  window.location.assign(url);
}
