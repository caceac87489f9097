// The applicant pages the page-weight benchmark measures. `session` (optional) returns a Cookie
// header for a signed-in page.
export const PAGES = [{ name: "login (/demo/login)", path: "/demo/login" }];

// Pages for bench/ssr-throughput, compared against the bare baseline page.
export const THROUGHPUT_PAGES = [{ name: "login (/demo/login)", path: "/demo/login" }];
