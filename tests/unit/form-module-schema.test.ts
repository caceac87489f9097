import { parseWithZod, getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { localized, optionLabel, type FormDefinition, type FormField } from "~/domain/form-definition";
import { formModuleSchema, givenValues, isAllowedDate, upstreamFormValues } from "~/forms/form-module.server";
import { DORA_PERSONAL_DATA } from "../support/demo-answers";

const label = (en: string) => ({ "de-DU": `${en} (de)`, en_GB: en });
const field = (name: string, type: FormField["type"], rest: Partial<FormField> = {}): FormField => ({
  name,
  type,
  required: false,
  maxLength: null,
  label: label(name),
  options: [],
  ...rest,
});

// The personal-data form of the demo data (docs/api.md), every field type once.
const personalData: FormDefinition = {
  identifier: "personal-data",
  componentId: 40,
  title: label("Personal details"),
  fields: [
    field("firstName", "text", { required: true, maxLength: 100 }),
    field("lastName", "text", { required: true, maxLength: 100 }),
    field("dateOfBirth", "date"),
    field("email", "email", { required: true, maxLength: 254 }),
    field("schoolQualification", "select", {
      required: true,
      options: ["hauptschule", "realschule", "fachhochschulreife", "abitur"].map((value) => ({ value, label: label(value) })),
    }),
    field("willingToRelocate", "radio", {
      required: true,
      options: [
        { value: "yes", label: label("Yes") },
        { value: "no", label: label("No") },
      ],
    }),
    field("motivation", "textarea", { maxLength: 2000 }),
  ],
};

const TODAY = "2027-03-01";
const valid = { ...DORA_PERSONAL_DATA, motivation: "Ich arbeite gern mit Menschen.\nUnd mit Zahlen." };

function parse(values: Record<string, string>, definition = personalData) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.append(name, value);
  return parseWithZod(formData, { schema: formModuleSchema(definition, TODAY) });
}

function errorsOf(values: Record<string, string>, definition = personalData) {
  const submission = parse(values, definition);
  expect(submission.status).toBe("error");
  return submission.reply().error ?? {};
}

describe("Form module schema (built on the server from the definition)", () => {
  it("R-FORM-01 accepts a complete personal-data form and hands back trimmed values", () => {
    const submission = parse({ ...valid, firstName: "  Dora  " });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({ ...valid, firstName: "Dora" });
  });

  it("R-VAL-06 required fields (text, email, select, radio) say 'required' when empty or blank", () => {
    const errors = errorsOf({ ...valid, firstName: "   ", email: "", schoolQualification: "", willingToRelocate: "" });
    expect(errors.firstName).toEqual(["validation:required"]);
    expect(errors.email).toEqual(["validation:required"]);
    expect(errors.schoolQualification).toEqual(["validation:required"]);
    expect(errors.willingToRelocate).toEqual(["validation:required"]);
    expect(errors.lastName).toBeUndefined();
  });

  it("R-VAL-06 optional fields (date, textarea) may be left empty; blank counts as not given", () => {
    const submission = parse({ ...valid, dateOfBirth: "", motivation: "   " });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.dateOfBirth).toBeUndefined();
    expect(givenValues(submission.value)).not.toHaveProperty("motivation");
    expect(upstreamFormValues(personalData, submission.value)).toEqual({ ...valid, dateOfBirth: "", motivation: "" });
  });

  it("R-VAL-06 a missing field (not posted at all) is required like an empty one", () => {
    const { email, ...withoutEmail } = valid;
    expect(email).toBeTruthy();
    expect(errorsOf(withoutEmail).email).toEqual(["validation:required"]);
  });

  it("R-VAL-06 max length of text, e-mail and text area", () => {
    const errors = errorsOf({
      ...valid,
      firstName: "x".repeat(101),
      email: `${"a".repeat(250)}@example.com`,
      motivation: "y".repeat(2001),
    });
    expect(errors.firstName).toEqual(["validation:tooLong"]);
    expect(errors.email).toContain("validation:tooLong");
    expect(errors.motivation).toEqual(["validation:tooLong"]);
    expect(parse({ ...valid, firstName: "x".repeat(100), motivation: "y".repeat(2000) }).status).toBe("success");
  });

  it("R-VAL-06 malformed input is 'Invalid input': e-mail shape, line breaks in single-line fields", () => {
    expect(errorsOf({ ...valid, email: "dora@example" }).email).toEqual(["validation:invalid"]);
    expect(errorsOf({ ...valid, email: "dora example.com" }).email).toEqual(["validation:invalid"]);
    expect(errorsOf({ ...valid, lastName: "Fi\nscher" }).lastName).toEqual(["validation:invalid"]);
    // A text area may have line breaks.
    expect(parse({ ...valid, motivation: "a\r\nb" }).status).toBe("success");
  });

  it("R-VAL-06 dates: a real day, not before 1900, not in the future", () => {
    for (const bad of ["2008-02-30", "01.04.2008", "1899-12-31", "2027-03-02", "2008-4-1"]) {
      expect(errorsOf({ ...valid, dateOfBirth: bad }).dateOfBirth, bad).toEqual(["validation:invalid"]);
    }
    for (const good of ["1900-01-01", "2027-03-01", "2008-02-29"]) {
      expect(parse({ ...valid, dateOfBirth: good }).status, good).toBe("success");
    }
    expect(isAllowedDate("2000-02-29", TODAY)).toBe(true);
    expect(isAllowedDate("1900-02-29", TODAY)).toBe(false);
  });

  it("R-VAL-06 select and radio take only their own options", () => {
    const errors = errorsOf({ ...valid, schoolQualification: "diplom", willingToRelocate: "maybe" });
    expect(errors.schoolQualification).toEqual(["validation:invalid"]);
    expect(errors.willingToRelocate).toEqual(["validation:invalid"]);
    expect(parse({ ...valid, schoolQualification: "abitur", willingToRelocate: "no" }).status).toBe("success");
  });

  it("fields the definition does not have are dropped, never passed on", () => {
    const submission = parse({ ...valid, intent: "review", isAdmin: "yes" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(Object.keys(submission.value).sort()).toEqual(Object.keys(valid).sort());
  });

  it("R-VAL-06 the constraint marks required fields and max lengths for the field components", () => {
    const constraint = getZodConstraint(formModuleSchema(personalData, TODAY));
    expect(constraint.firstName).toMatchObject({ required: true, maxLength: 100 });
    expect(constraint.dateOfBirth?.required).toBe(false);
    expect(constraint.motivation).toMatchObject({ required: false, maxLength: 2000 });
    expect(constraint.willingToRelocate?.required).toBe(true);
  });

  it("an optional select accepts empty, and a required text without max length accepts long text", () => {
    const definition: FormDefinition = {
      ...personalData,
      fields: [field("size", "select", { options: [{ value: "s", label: label("S") }] }), field("note", "text", { required: true })],
    };
    expect(parse({ size: "", note: "n".repeat(5000) }, definition).status).toBe("success");
    expect(errorsOf({ size: "xl", note: "n" }, definition).size).toEqual(["validation:invalid"]);
  });
});

describe("form definition texts", () => {
  it("labels in the request's language, else the customer's languages, else any", () => {
    expect(localized({ "de-DU": "Vorname", en_GB: "First name" }, "en_GB")).toBe("First name");
    expect(localized({ "de-DU": "Vorname", en_GB: "First name" }, "hu", ["de-DU"])).toBe("Vorname");
    expect(localized({ it: "Nome" }, "hu", ["de-DU"])).toBe("Nome");
    expect(localized({}, "hu")).toBe("");
    const select = personalData.fields[4];
    expect(optionLabel(select, "abitur", "en_GB")).toBe("abitur");
    expect(optionLabel(select, "unknown", "en_GB")).toBe("unknown");
  });
});
