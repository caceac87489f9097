import { describe, expect, it } from "vitest";
import { readListContext, withList } from "~/recruiter/list-context";
import { APPLICANT_STATUSES } from "~/recruiter/list-query";

/** The list an applicant page was opened from (docs/decisions/188): what survives the `list` parameter. */
const read = (list: string) => readListContext(new URLSearchParams({ list }), APPLICANT_STATUSES).search;

describe("the list carried by the applicant pages (decision 188)", () => {
  it("keeps the list's valid parameters in the list's own order, and nothing else", () => {
    expect(read("status=new&page=2&sort=registered&order=desc")).toBe("sort=registered&order=desc&page=2&status=new");
    expect(read("status=bogus&sort=javascript:x&order=up&q=m%C3%BCller")).toBe("q=m%C3%BCller");
    expect(read("https://evil.example/?redirectTo=//evil.example")).toBe("");
    expect(read("page=%2F%2Fevil.example&profile=P100")).toBe("profile=P100");
    expect(read("page=1")).toBe("");
  });

  it("carries the result columns, their norm ranges and a norm sort, and drops a norm range without its test (decision 184)", () => {
    expect(read("results=P200&sort=norm31&order=desc&norm31Min=6&ratingMin=4")).toBe(
      "sort=norm31&order=desc&results=P200&ratingMin=4&norm31Min=6",
    );
    expect(read("norm31Min=6&status=new")).toBe("status=new");
  });

  it("adds the list to a path before its fragment, readably, and leaves the path alone for the plain list", () => {
    expect(withList("/demo/recruiter/applicants/ben", "sort=name&page=2")).toBe("/demo/recruiter/applicants/ben?list=sort=name%26page=2");
    expect(withList("/a?confirm=access#confirmation", "status=new")).toBe("/a?confirm=access&list=status=new#confirmation");
    expect(withList("/a#forms", "")).toBe("/a#forms");
    expect(new URL(withList("/a", "q=a%26b&status=new"), "http://x").searchParams.get("list")).toBe("q=a%26b&status=new");
  });
});
