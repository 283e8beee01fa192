/**
 * What a screen shows first: `useLoad(OWNER_API.x, input)` loads the route's answer when the screen opens and
 * again whenever the input changes, and gives {data, error, loading, reload, more, setData}. `error` is the German
 * message (errorText); an answer for an input no longer current, or for an earlier reload, is dropped. With
 * `via` (useConfirmedAction's `confirmed`) the loading runs through it: a refusal that asks for a recent login
 * opens its panel and loads again once confirmed, and `via` reports every other error itself.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiRow, RouteAnswer, RouteInput } from "../../common/owner/api";
import { call, errorText, routePath, type InputArgs } from "./api";

interface Loaded<Row extends ApiRow, Data = RouteAnswer<Row>> {
  data?: Data;
  error?: string;
  /** Neither an answer nor an error yet (for this input). */
  loading: boolean;
  /** Loads again; the answer shown so far stays until the new one is there. Resolves when it is. */
  reload: () => Promise<void>;
  /** Loads the route with `input` (the next page) and merges its answer into the one shown. */
  more: (input: RouteInput<Row>, merge: (shown: Data, next: Data) => Data) => Promise<void>;
  /** Changes the answer shown (the state an action answered with); an earlier error goes. */
  setData: (update: Data | undefined | ((current: Data | undefined) => Data | undefined)) => void;
}

type Via = (work: () => Promise<void>) => Promise<void>;
interface Options {
  via?: Via;
}
type LoadArgs<Row extends ApiRow> =
  Record<never, never> extends RouteInput<Row>
    ? [input?: RouteInput<Row>, options?: Options]
    : [input: RouteInput<Row>, options?: Options];

export function useLoad<Row extends ApiRow>(row: Row, ...[input, options]: LoadArgs<Row>): Loaded<Row> {
  const key = `${row.method} ${routePath(row, ...([input] as InputArgs<Row>))}`;
  const [state, setState] = useState<{ key: string; data?: RouteAnswer<Row>; error?: string }>({ key });
  const latest = useRef(0);
  const current = useRef({ row, input, via: options?.via });
  current.current = { row, input, via: options?.via };

  /** Runs `work` through `via`, or sets the error of this input itself; `ticket` tells whether it is still wanted. */
  const run = useCallback(
    async (ticket: number, work: () => Promise<void>) => {
      const { via } = current.current;
      if (via) return via(work);
      try {
        await work();
      } catch (caught) {
        if (ticket !== latest.current) return;
        setState((shown) => ({ key, data: shown.key === key ? shown.data : undefined, error: errorText(caught) }));
      }
    },
    [key],
  );

  const load = useCallback(() => {
    const ticket = ++latest.current;
    const { row, input } = current.current;
    return run(ticket, async () => {
      const data = await call(row, ...([input] as InputArgs<Row>));
      if (ticket === latest.current) setState({ key, data });
    });
  }, [key, run]);

  const more = useCallback<Loaded<Row>["more"]>(
    (input, merge) => {
      // A reload or another input in between makes this page stale.
      const ticket = latest.current;
      return run(ticket, async () => {
        const next = await call(current.current.row, ...([input] as InputArgs<Row>));
        if (ticket !== latest.current) return;
        setState((shown) => ({ key, data: shown.data === undefined ? next : merge(shown.data, next) }));
      });
    },
    [key, run],
  );

  useEffect(() => {
    setState((shown) => (shown.key === key ? shown : { key }));
    void load();
  }, [key, load]);

  const setData = useCallback<Loaded<Row>["setData"]>(
    (update) =>
      setState((shown) => ({
        key: shown.key,
        data: typeof update === "function" ? (update as (current?: RouteAnswer<Row>) => RouteAnswer<Row>)(shown.data) : update,
      })),
    [],
  );
  const shown = state.key === key ? state : { key };
  return {
    data: shown.data,
    error: shown.error,
    loading: shown.data === undefined && shown.error === undefined,
    reload: load,
    more,
    setData,
  };
}
