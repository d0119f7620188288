// The "someone is signed in" hint shared by the auth store and the `client:signed-in` directive, kept apart from the
// store so the directive (inlined into every page) carries nothing else.

/** localStorage key set while someone is signed in, so the header can prepare before Firebase starts. */
export const SIGNED_IN_HINT_KEY = 'writory-signed-in';
/** Window event dispatched when someone signs in on this page. */
export const SIGNED_IN_EVENT = 'writory:signed-in';
