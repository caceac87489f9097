/**
 * The header in which the app names its visitor's address to the embedded API (decision 103): the
 * app's calls all come from 127.0.0.1, and the API's request limits must count per visitor. The API
 * reads it only on the app's internal loopback listener (server/lifecycle.ts), never from the public /api.
 */
export const VISITOR_ADDRESS_HEADER = "X-Visitor-Address";
