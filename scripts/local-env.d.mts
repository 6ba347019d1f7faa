export declare const LOCAL_TOOL_ENV: Record<string, string>;
export declare function localToolEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
