<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="3" mpi-library="synthetic (compress/synth.c)" tracer="synthetic" partial="line&#10;k 1000">
  <arg>synthetic</arg>
  <arg>ring</arg>
  <arg>-i</arg>
  <arg>4</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="0" ratio="1.8333333333333333" trace-length="66" signature-length="36"/>
 <sites>
  <site id="0" module="/synthetic/app" offset="4096" function="synthetic"/>
  <site id="1" module="/synthetic/app" offset="4160" function="synthetic"/>
  <site id="2" module="/synthetic/app" offset="4224" function="synthetic"/>
  <site id="3" module="/synthetic/app" offset="4288" function="synthetic"/>
  <site id="4" module="/synthetic/app" offset="4352" function="synthetic"/>
  <site id="5" module="/synthetic/app" offset="4416" function="synthetic"/>
  <site id="6" module="/synthetic/app" offset="4480" function="synthetic"/>
  <site id="7" module="/synthetic/app" offset="4544" function="synthetic"/>
  <site id="8" module="/synthetic/app" offset="4608" function="synthetic"/>
  <site id="9" module="/synthetic/app" offset="4672" function="synthetic"/>
  <site id="10" module="/synthetic/app" offset="4736" function="synthetic"/>
  <site id="11" module="/synthetic/app" offset="4800" function="synthetic"/>
  <site id="12" module="/synthetic/app" offset="4864" function="synthetic"/>
  <site id="13" module="/synthetic/app" offset="4928" function="synthetic"/>
  <site id="14" module="/synthetic/app" offset="4992" function="synthetic"/>
  <site id="15" module="/synthetic/app" offset="5056" function="synthetic"/>
  <site id="16" module="/synthetic/app" offset="5120" function="synthetic"/>
  <site id="17" module="/synthetic/app" offset="5184" function="synthetic"/>
  <site id="18" module="/synthetic/app" offset="5248" function="synthetic"/>
  <site id="19" module="/synthetic/app" offset="5312" function="synthetic"/>
  <site id="20" module="/synthetic/app" offset="5376" function="synthetic"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1 2"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="22" time-ns="3374050" compute-ns="239850" mpi-ns="3152000" per-event-ns="100" comms="0 -"/>
  <rank id="1" class="0" events="22" time-ns="3378327" compute-ns="244127" mpi-ns="3152000" per-event-ns="100" comms="0 -"/>
  <rank id="2" class="0" events="22" time-ns="3375689" compute-ns="241489" mpi-ns="3152000" per-event-ns="100" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0 1 2" program="2" events="22" length="12" time-ns="3376022">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="3">
   <side role="member" flags="" events="3" rbytes-events="3" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="3" mean="19900" min="19900" max="19900" shift="100" buckets="711:3"/>
   <compute-cpu count="3" mean="19900" min="19900" max="19900" shift="100" buckets="711:3"/>
   <duration count="3" mean="3e+06" min="3000000" max="3000000" buckets="1071:3"/>
  </symbol>
  <symbol id="1" call="MPI_Sendrecv" comm="0" tag="7" tag2="7" dtsize="8" site="18" prev-site="0" occurrences="3">
   <peer kind="mod" value="1"/>
   <peer2 kind="mod" value="2"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="128 128 128" bytes="1024 1024 1024" rbytes="1024 1024 1024"/>
   <compute count="3" mean="51167.666666666664" min="45548" max="54094" shift="100" buckets="769:1 782:2"/>
   <compute-cpu count="3" mean="51167.666666666664" min="45548" max="54094" shift="100" buckets="769:1 782:2"/>
   <duration count="3" mean="4000" min="4000" max="4000" buckets="597:3"/>
  </symbol>
  <symbol id="2" call="MPI_Bcast" comm="0" dtsize="4" site="19" prev-site="18" occurrences="12">
   <root kind="abs" value="0"/>
   <side role="member" flags="" events="8" rbytes-events="8" count="16 16 16" bytes="64 64 64" rbytes="64 64 64"/>
   <side role="root" flags="" events="4" rbytes-events="4" count="16 16 16" bytes="64 64 64" rbytes="0 0 0"/>
   <compute count="12" mean="300" min="300" max="300" shift="100" buckets="408:12"/>
   <compute-cpu count="12" mean="300" min="300" max="300" shift="100" buckets="408:12"/>
   <duration count="12" mean="2000" min="2000" max="2000" buckets="547:12"/>
  </symbol>
  <symbol id="3" call="MPI_Bcast" comm="0" dtsize="4" site="19" prev-site="19" occurrences="24">
   <root kind="abs" value="0"/>
   <side role="member" flags="" events="16" rbytes-events="16" count="16 16 16" bytes="64 64 64" rbytes="64 64 64"/>
   <side role="root" flags="" events="8" rbytes-events="8" count="16 16 16" bytes="64 64 64" rbytes="0 0 0"/>
   <compute count="24" mean="300" min="300" max="300" shift="100" buckets="408:24"/>
   <compute-cpu count="24" mean="300" min="300" max="300" shift="100" buckets="408:24"/>
   <duration count="24" mean="2000" min="2000" max="2000" buckets="547:24"/>
  </symbol>
  <symbol id="4" call="MPI_Allreduce" comm="0" dtsize="8" op="MPI_SUM" site="11" prev-site="19" occurrences="12">
   <side role="member" flags="" events="12" rbytes-events="12" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="12" mean="700" min="700" max="700" shift="100" buckets="468:12"/>
   <compute-cpu count="12" mean="700" min="700" max="700" shift="100" buckets="468:12"/>
   <duration count="12" mean="3000" min="3000" max="3000" buckets="573:12"/>
  </symbol>
  <symbol id="5" call="MPI_Sendrecv" comm="0" tag="7" tag2="7" dtsize="8" site="18" prev-site="11" occurrences="9">
   <peer kind="mod" value="1"/>
   <peer2 kind="mod" value="2"/>
   <side role="member" flags="" events="9" rbytes-events="9" count="128 128 128" bytes="1024 1024 1024" rbytes="1024 1024 1024"/>
   <compute count="9" mean="51484.77777777778" min="45838" max="54559" shift="100" buckets="770:1 774:1 775:1 778:1 779:1 781:1 782:2 783:1"/>
   <compute-cpu count="9" mean="51484.77777777778" min="45838" max="54559" shift="100" buckets="770:1 774:1 775:1 778:1 779:1 781:1 782:2 783:1"/>
   <duration count="9" mean="4000" min="4000" max="4000" buckets="597:9"/>
  </symbol>
  <symbol id="6" call="MPI_Finalize" comm="0" site="20" prev-site="11" occurrences="3">
   <side role="member" flags="" events="3" rbytes-events="3" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="3" mean="9900" min="9900" max="9900" shift="100" buckets="660:3"/>
   <compute-cpu count="3" mean="9900" min="9900" max="9900" shift="100" buckets="660:3"/>
   <duration count="3" mean="100000" min="100000" max="100000" buckets="826:3"/>
  </symbol>
  <block id="0" events="1" time-ns="2300">
   <s ref="3"/>
  </block>
  <block id="1" events="5" time-ns="66084.77777777778">
   <s ref="2"/>
   <loop body="0" count="2"/>
   <s ref="4"/>
   <s ref="5"/>
  </block>
  <block id="2" events="22" time-ns="293822">
   <s ref="0"/>
   <s ref="1"/>
   <loop body="1" count="3"/>
   <s ref="2"/>
   <loop body="0" count="2"/>
   <s ref="4"/>
   <s ref="6"/>
  </block>
  <dominant block="1" count="3" share="0.6747429849818372" iteration-ns="66084.77777777778"/>
 </class>
</signature>
