extension Simulator {
    /// Runs the orders of `file`, every line checked: if any line has a problem, the run's result is thrown away
    /// and the first problem (with its line) is thrown, so to the caller nothing ran, as if the file had been checked
    /// first. Parsing checks each line anyway, so this costs no second pass over the file.
    package mutating func runValidated(_ file: FileOrders, stock: [Int]) throws(OrderSourceError) -> SimulationReport {
        var source = file
        return try run(&source, stock: stock)
    }
}
