import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MAX_NOTE_LENGTH } from "~/domain/note";
import type { Shortlist } from "~/upstream/recruiter/shortlist.server";
import type { ActionFailure } from "./applicant-actions.server";
import { dateTime } from "./audit-table";

/**
 * Shortlisting on the applicant page (docs/decisions/185), per assigned test: the rating (radio buttons 1–5 and
 * "no rating", a POST form) with who set it and when, the notes with author and time, a delete button on the
 * recruiter's own notes, and the form to add one. A refused note keeps its text in the field.
 */
export function ShortlistSection({ profileId, shortlist, failure }: { profileId: string; shortlist: Shortlist; failure?: ActionFailure }) {
  const { t, language } = useTranslation("recruiter");
  const rating = shortlist.ratings.find((entry) => entry.prof_prof_id === profileId);
  const notes = shortlist.notes.filter((note) => note.prof_prof_id === profileId);
  const own = failure?.values.profileId === profileId ? failure : undefined;
  const ratingError = own?.intent === "rating" ? (own.errors.rating ?? own.errors[""]) : undefined;
  const noteFailure = own?.intent === "note-add" ? own : undefined;
  const noteError = noteFailure ? (noteFailure.errors.text ?? noteFailure.errors[""]) : undefined;
  const deleteError = own?.intent === "note-delete" ? own.errors[""] : undefined;
  const id = `shortlist-${profileId}`;
  const noteId = `${id}-note`;
  return (
    <section id={id} className="card recruiter-section shortlist" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t("applicant.shortlist.title")}</h4>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="rating" />
        <input type="hidden" name="profileId" value={profileId} />
        <fieldset aria-describedby={ratingError ? `${id}-rating-error` : undefined}>
          <legend>{t("applicant.shortlist.rating")}</legend>
          {(["1", "2", "3", "4", "5", ""] as const).map((value) => (
            <label key={value || "none"} className="choice">
              <input type="radio" name="rating" value={value} defaultChecked={String(rating?.rating ?? "") === value} />
              {value ? t("applicant.shortlist.stars", { rating: value }) : t("applicant.shortlist.noRating")}
            </label>
          ))}
        </fieldset>
        {ratingError ? (
          <p id={`${id}-rating-error`} className="field-error" role="alert">
            {t(ratingError)}
          </p>
        ) : null}
        <p className="recruiter-sub" data-testid="rating-state">
          {rating
            ? t("applicant.shortlist.ratedBy", { rating: rating.rating, by: rating.by, at: dateTime(rating.at, language) })
            : t("applicant.shortlist.notRated")}
        </p>
        <button type="submit" className="button">
          {t("applicant.shortlist.saveRating")}
        </button>
      </Form>

      <h5>{t("applicant.shortlist.notes")}</h5>
      {notes.length === 0 ? <p>{t("applicant.shortlist.noNotes")}</p> : null}
      {deleteError ? (
        <div className="form-errors" role="alert">
          <p>{t(deleteError)}</p>
        </div>
      ) : null}
      <ul className="shortlist-notes">
        {notes.map((note) => (
          <li key={note.id}>
            <p className="recruiter-sub">{t("applicant.shortlist.noteBy", { by: note.by, at: dateTime(note.at, language) })}</p>
            <p className="shortlist-note-text">{note.text}</p>
            {note.own ? (
              <Form method="post">
                <input type="hidden" name="intent" value="note-delete" />
                <input type="hidden" name="profileId" value={profileId} />
                <input type="hidden" name="noteId" value={note.id} />
                <button type="submit" className="button button-secondary">
                  {t("applicant.shortlist.deleteNote")}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="note-add" />
        <input type="hidden" name="profileId" value={profileId} />
        <div className="field">
          <label htmlFor={noteId}>{t("applicant.shortlist.addNote")}</label>
          <textarea
            id={noteId}
            name="text"
            rows={3}
            maxLength={MAX_NOTE_LENGTH}
            defaultValue={noteFailure?.values.text ?? ""}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${noteId}-error` : `${noteId}-hint`}
          />
          <p id={`${noteId}-hint`} className="field-hint">
            {t("applicant.shortlist.noteHint", { max: MAX_NOTE_LENGTH })}
          </p>
          {noteError ? (
            <p id={`${noteId}-error`} className="field-error">
              {t(noteError, { max: MAX_NOTE_LENGTH })}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button">
          {t("applicant.shortlist.saveNote")}
        </button>
      </Form>
    </section>
  );
}
