#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

exit(RouteBarCommand.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment()))
