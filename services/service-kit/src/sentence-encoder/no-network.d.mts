/** The message of every network attempt refused by `forbidNetwork`. */
export declare const NO_NETWORK_MESSAGE: string;
/** Makes fetch, HTTP(S), TCP, TLS and DNS throw in this thread. */
export declare function forbidNetwork(): void;
