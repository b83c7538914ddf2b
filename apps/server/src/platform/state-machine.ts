import { AppError } from './errors';

/**
 * The allowed moves between the states of one kind of record, in one table. Every status
 * change in the code asks its machine first; an illegal move is an error, never an overwrite.
 */
export class StateMachine<S extends string> {
  constructor(
    readonly entity: string,
    private readonly moves: { readonly [K in S]: readonly S[] },
  ) {}

  /** The states reachable in one step from `from`. */
  next(from: S): readonly S[] {
    return this.moves[from];
  }

  can(from: S, to: S): boolean {
    return this.moves[from].includes(to);
  }

  /** Throws a 409 `illegal_transition` error when the move is not in the table. */
  assert(from: S, to: S): void {
    if (!this.can(from, to)) {
      throw new AppError(409, 'illegal_transition', `A ${this.entity} cannot go from ${from} to ${to}.`);
    }
  }

  /** Every state named in the table. */
  states(): S[] {
    return Object.keys(this.moves) as S[];
  }
}
