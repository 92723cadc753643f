/** The page's address, behind an object the screen tests can watch (jsdom cannot leave the page). */
export const pageLocation = { assign: (url: string) => window.location.assign(url) };

/** Leaves the app for the hosted checkout page (Stripe's, or the local test double). */
export function goToCheckout(url: string) {
  pageLocation.assign(url);
}
