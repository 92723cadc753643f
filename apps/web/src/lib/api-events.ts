// What the API client does to the page on an expired session: show the alert, go to /login. The
// app wires `navigate` to its router; tests replace both. Kept apart from the client so the first
// page load does not need the client (and the contracts behind it).
export const apiEvents = {
  alert: (message: string) => window.alert(message),
  navigate: (to: string) => window.location.assign(to),
};
