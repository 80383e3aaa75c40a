/** A plan request the solver refuses as unreasonable: the route answers 400 on `field`. */
export class PlanRequestError extends Error {
  constructor(
    readonly field: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'PlanRequestError';
  }
}
