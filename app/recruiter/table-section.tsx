import type { ReactNode } from "react";

/**
 * A table in a region of its own that scrolls sideways on a narrow screen and that a keyboard can reach (tabIndex)
 * to scroll it; the region is named by the caption (`captionId`) or by `labelledBy`, a heading on the page.
 * `children`: the table's head and bodies. One place for this markup, which the accessibility checks read.
 */
export function ScrollTable({
  captionId,
  labelledBy = captionId,
  caption,
  className,
  children,
}: {
  captionId?: string;
  labelledBy?: string;
  caption: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className={className}>
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/**
 * A recruiter page's section with one scrollable table (the audit log, the scheduled jobs' lists), or a sentence when
 * it has no rows. `id` prefixes the heading's and caption's ids; the cell at `rowHeader` heads its row.
 */
export function TableSection({
  id,
  title,
  intro,
  empty,
  caption,
  columns,
  rowHeader,
  rows,
}: {
  id: string;
  title: string;
  intro?: string;
  empty: string;
  caption: string;
  columns: string[];
  rowHeader: number;
  rows: { key: string | number; cells: ReactNode[] }[];
}) {
  return (
    <section className="recruiter-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ScrollTable captionId={`${id}-caption`} className="recruiter-table" caption={caption}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) =>
                  index === rowHeader ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
