// @ts-check
// Prints the consumer's demo: node examples/runtime/ts/demo.mjs
import { demo } from "./consumer.mjs";

demo();
