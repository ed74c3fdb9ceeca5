//! One error class per subsystem, as agentkit's API exposes them: `FormError` for the FRM
//! codes, `ToolError` for TOL, ... Each wraps the generated [`Error`] and converts from it
//! only when the code belongs to its namespace; [`AgentkitError`] is the enum of all ten.
//! The class names are the ones each namespace's summary in `errors.yaml` announces
//! (a test checks that).

use crate::errors::{Error, Namespace};

macro_rules! subsystem_errors {
    ($($class:ident => $ns:ident,)*) => {
        $(
            #[doc = concat!("An error of the `", stringify!($ns), "` subsystem.")]
            #[derive(Debug)]
            pub struct $class(pub Error);

            impl $class {
                /// The subsystem this class is for.
                pub const NAMESPACE: Namespace = Namespace::$ns;
            }

            impl TryFrom<Error> for $class {
                type Error = Error;
                /// Succeeds when the error's code is in this subsystem; gives it back otherwise.
                fn try_from(e: Error) -> Result<Self, Error> {
                    if e.code().and_then(|c| c.namespace()) == Some(Namespace::$ns) { Ok($class(e)) } else { Err(e) }
                }
            }

            impl From<$class> for Error {
                fn from(e: $class) -> Error { e.0 }
            }

            impl std::ops::Deref for $class {
                type Target = Error;
                fn deref(&self) -> &Error { &self.0 }
            }

            impl std::fmt::Display for $class {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { self.0.fmt(f) }
            }

            impl std::error::Error for $class {
                fn source(&self) -> Option<&(dyn std::error::Error + 'static)> { Some(&self.0) }
            }
        )*

        /// Any agentkit error, by subsystem; `Other` for a code this build does not know.
        #[derive(Debug)]
        pub enum AgentkitError {
            $($class($class),)*
            Other(Error),
        }

        impl From<Error> for AgentkitError {
            fn from(e: Error) -> AgentkitError {
                match e.code().and_then(|c| c.namespace()) {
                    $(Some(Namespace::$ns) => AgentkitError::$class($class(e)),)*
                    None => AgentkitError::Other(e),
                }
            }
        }

        impl AgentkitError {
            /// The class name, e.g. `"FormError"`.
            pub fn class_name(&self) -> &'static str {
                match self {
                    $(AgentkitError::$class(_) => stringify!($class),)*
                    AgentkitError::Other(_) => "Error",
                }
            }

            /// The wrapped error.
            pub fn error(&self) -> &Error {
                match self {
                    $(AgentkitError::$class(e) => &e.0,)*
                    AgentkitError::Other(e) => e,
                }
            }
        }

        /// Every class with its namespace, in catalogue order.
        pub const CLASSES: &[(&str, Namespace)] = &[$((stringify!($class), Namespace::$ns),)*];
    };
}

subsystem_errors! {
    FormError => Frm,
    ConfigError => Cfg,
    AgentError => Agt,
    ToolError => Tol,
    MemoryError => Mem,
    ProviderError => Llm,
    RpcError => Rpc,
    FileError => Fil,
    AuthError => Aut,
    PluginError => Plg,
}
