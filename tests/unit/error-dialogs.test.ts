import { describe, expect, it } from "vitest";
import { dialogStack, newestFirst } from "~/errors/error-dialogs";
import type { ErrorPayload } from "~/errors/catalogue-error";

/** R-ERR-03, decision 127: the order and closing of the error dialogs over a page. */
describe("the error dialog stack", () => {
  const codes = (stack: ReturnType<typeof dialogStack>) => stack.map(({ error }) => error.code);

  it("R-ERR-01 R-ERR-03 the main error is on top; below it the others, the newest right under it", () => {
    // The request's errors, newest first: API02, then C05, then API01 (the oldest).
    const stack = dialogStack([{ code: "API02" }, { code: "C05" }, { code: "API01" }]);
    // Bottom first: the oldest at the bottom, the main (first, no priority code) on top.
    expect(codes(stack)).toEqual(["API01", "C05", "API02"]);
    expect(stack.every(({ closable }) => closable)).toBe(true);
  });

  it("R-ERR-01 a priority code is the main error wherever it is, and its disableClose locks the whole stack", () => {
    const stack = dialogStack([{ code: "C05" }, { code: "C02" }, { code: "API01" }]);
    expect(codes(stack)).toEqual(["API01", "C05", "C02"]);
    expect(stack.map(({ closable }) => closable)).toEqual([false, false, false]);
  });

  it("an entry that cannot be closed stays, the others close", () => {
    const stack = dialogStack([{ code: "C04" }, { code: "C14" }]);
    expect(codes(stack)).toEqual(["C14", "C04"]);
    expect(stack.map(({ closable }) => closable)).toEqual([false, true]);
  });

  it("suppressed errors get no dialog; none at all gives no stack", () => {
    expect(codes(dialogStack([{ code: "C05", suppress: true }, { code: "API01" }]))).toEqual(["API01"]);
    expect(dialogStack([{ code: "C05", suppress: true }])).toEqual([]);
    expect(dialogStack([])).toEqual([]);
  });

  it("R-ERR-03 errors of the action's answer and of the loaders' data: newest first by when the server met them, else in the payloads' order", () => {
    const action: ErrorPayload = { kind: "catalogue", errors: [{ code: "API01", at: 100 }], requestId: "post" };
    const layout: ErrorPayload = { kind: "catalogue", errors: [{ code: "API02", at: 250 }], requestId: "get" };
    const page: ErrorPayload = {
      kind: "catalogue",
      errors: [
        { code: "DP01", at: 300 },
        { code: "C05", at: 200 },
      ],
      requestId: "get",
    };
    expect(newestFirst([action, layout, page]).map(({ error }) => error.code)).toEqual(["DP01", "API02", "C05", "API01"]);
    expect(newestFirst([action, layout, page])[3].payload.requestId).toBe("post");
    const untimed: ErrorPayload = { kind: "catalogue", errors: [{ code: "C04" }, { code: "C05" }] };
    expect(newestFirst([untimed]).map(({ error }) => error.code)).toEqual(["C04", "C05"]);
  });
});
