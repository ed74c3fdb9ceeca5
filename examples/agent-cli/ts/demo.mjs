// @ts-check
// Prints the consumer's demo: node examples/agent-cli/ts/demo.mjs
import { demo } from "./consumer.mjs";

demo();
